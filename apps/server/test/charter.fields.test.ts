/**
 * The charter's fields (spec §2, §3, §5): GET /api/initiative/{id} and PATCH
 * /api/initiative/update/{id}/, with DESIGN §4's rights: the owner, a sponsor or a strategy
 * master edits the charter and the title; a team member changes only the status.
 */
import { MESSAGES, NO_LINE_BREAK_MESSAGE } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { charterSuite } from './helpers/charter';
import { CHARTER_FIELDS } from './helpers/strategyEndpoints';
import { EDITORS, INITIATIVE_NOT_FOUND, ROLE_NAMES, ROLES, VIEWERS } from './helpers/strategyPermissionCalls';

/** 900 characters as the reader counts them: markup left out, an entity or an emoji is one. */
const NINE_HUNDRED = `<p><strong>${'😀'.repeat(300)}</strong>${'&lt;'.repeat(300)}${'x'.repeat(300)}</p>`;

describe('charter fields', () => {
  const suite = charterSuite();

  const asMaster = () => suite.charter.detail(suite.people.master.key, suite.fixture.initiative);
  const save = (body: object, key = suite.people.owner.key) =>
    suite.charter.update(key, suite.fixture.initiative, body);

  it.each(CHARTER_FIELDS)('should keep 900 characters of %s and refuse 901', async (field) => {
    const accepted = await save({ [field]: NINE_HUNDRED });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body[field]).toBe(NINE_HUNDRED);

    const refused = await save({ [field]: NINE_HUNDRED.replace('</p>', 'y</p>') });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { detail: MESSAGES.charactersReached, errors: { [field]: [MESSAGES.charactersReached] } },
    });
    expect((await asMaster())[field]).toBe(NINE_HUNDRED);
  });

  it('should refuse a line break in the work plan and keep the plan stored', async () => {
    await save({ work_plan: '<p>Build, then <em>ship</em></p>' });
    for (const value of ['Build<br>ship', 'Build<br/>ship', '<p>Build</p><p>ship</p>', 'Build\nship']) {
      const refused = await save({ work_plan: value });
      expect({ status: refused.status, body: refused.body }, value).toEqual({
        status: 400,
        body: { detail: NO_LINE_BREAK_MESSAGE, errors: { work_plan: [NO_LINE_BREAK_MESSAGE] } },
      });
    }
    expect((await asMaster()).work_plan).toBe('<p>Build, then <em>ship</em></p>');
    // The other charter fields are paragraphs of text.
    expect((await save({ deliverables: '<p>Build</p><p>ship</p>' })).status).toBe(200);
  });

  describe('who may change what (DESIGN §4)', () => {
    const roles = ROLES.map((role) => [ROLE_NAMES[role], role] as const);

    it.each(roles)(
      'should show the charter to the %s only when they see the strategy',
      async (_name, role) => {
        const response = await suite.charter.initiative(suite.people[role].key, suite.fixture.initiative);
        if (!VIEWERS.includes(role)) {
          expect({ status: response.status, body: response.body }).toEqual({
            status: 404,
            body: { detail: INITIATIVE_NOT_FOUND },
          });
          return;
        }
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          id: suite.fixture.initiative,
          model: 'initiative',
          strategy_id: suite.fixture.strategy,
          focus_area: suite.fixture.area,
          strategy_masters: [expect.objectContaining({ id: suite.people.master.id })],
          owners: [expect.objectContaining({ id: suite.people.owner.id })],
        });
        for (const field of [...CHARTER_FIELDS, 'ambition', 'focus_area_title'])
          expect(response.body, field).toHaveProperty(field);
      },
    );

    it.each(roles)(
      'should let the %s change the charter, title and status only as DESIGN §4 says',
      async (_name, role) => {
        const key = suite.people[role].key;
        const before = await asMaster();
        const impact = `<p>Impact written by ${role}</p>`;
        const attempts = {
          charter: await save({ impact, investment: `<p>${role}</p>` }, key),
          title: await save({ title: `Title by ${role}` }, key),
          status: await save({ status: 'BL' }, key),
          // a status with a charter field is refused whole: the status is not saved alone.
          both: await save({ status: 'DE', problem_statement: `<p>${role}</p>` }, key),
        };
        const statuses = Object.fromEntries(
          Object.entries(attempts).map(([name, answer]) => [name, answer.status]),
        );

        if (EDITORS.includes(role)) {
          expect(statuses).toEqual({ charter: 200, title: 200, status: 200, both: 200 });
          expect(await asMaster()).toMatchObject({
            impact,
            investment: `<p>${role}</p>`,
            title: `Title by ${role}`,
            status: 'DE',
            problem_statement: `<p>${role}</p>`,
          });
          return;
        }
        if (role === 'teamMember') {
          expect(statuses).toEqual({ charter: 403, title: 403, status: 200, both: 403 });
          for (const name of ['charter', 'title', 'both'] as const)
            expect(attempts[name].body, name).toEqual({ detail: MESSAGES.noPermission });
          const after = await asMaster();
          expect(after.status).toBe('BL');
          // The status change is the one change: one version more, nothing else different.
          expect(after.version).toBe(before.version + 1);
          expect({
            ...after,
            status: before.status,
            updated_at: before.updated_at,
            version: before.version,
          }).toEqual(before);
          return;
        }
        expect(statuses).toEqual({ charter: 404, title: 404, status: 404, both: 404 });
        for (const answer of Object.values(attempts))
          expect(answer.body).toEqual({ detail: INITIATIVE_NOT_FOUND });
        expect(await asMaster()).toEqual(before);
      },
    );

    it('should refuse every charter field to a team member', async () => {
      const before = await asMaster();
      for (const field of CHARTER_FIELDS) {
        const refused = await save({ [field]: '<p>Mine now</p>' }, suite.people.teamMember.key);
        expect({ status: refused.status, body: refused.body }, field).toEqual({
          status: 403,
          body: { detail: MESSAGES.noPermission },
        });
      }
      expect(await asMaster()).toEqual(before);
    });
  });
});
