/**
 * Approval on record (issue 15): every approval step is an activity entry of the initiative
 * (field 'approval'), the owners are mailed when the charter is approved, and the sponsors (the
 * masters when there is none) when an edit withdraws the approval, saying who changed what.
 */
import type { ActivityEntry } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMails, users } from '../src/db/schema';
import { charterFixture, charterSuite, nameOf } from './helpers/charter';
import { type Member, personOf, signedInUser, strategyApi } from './helpers/strategies';
import { INITIATIVE_NOT_FOUND } from './helpers/strategyPermissionCalls';
import type { ApiResponse } from './helpers/testServer';

const APP_URL = 'http://localhost:8000';

async function expectStatus(call: Promise<ApiResponse>, status: number) {
  const response = await call;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response;
}

describe('approval on record', () => {
  const suite = charterSuite();
  let secondSponsor: Member;
  let titles = 0;

  beforeAll(async () => {
    secondSponsor = await signedInUser(suite.server, {
      organisationId: suite.people.master.organisationId,
      firstName: 'Second',
      lastName: 'Sponsor',
    });
  });

  /** A fresh initiative with its own title, so its mails are told apart from the others'. */
  async function initiative(options: Parameters<typeof charterFixture>[2] = {}) {
    const fixture = await charterFixture(suite.server, suite.people, options);
    const title = `Record ${++titles}`;
    await expectStatus(suite.charter.update(suite.people.master.key, fixture.initiative, { title }), 200);
    return { ...fixture, title };
  }

  const activity = (key: string, id: number, query = '') =>
    suite.server.api('GET', `/api/initiative/${id}/activity/${query}`, { token: key });

  /** The approval steps on record, oldest first, as [step, who, old value]. */
  async function steps(id: number) {
    const response = await expectStatus(activity(suite.people.teamMember.key, id), 200);
    return (response.body.results as ActivityEntry[])
      .filter((entry) => entry.field === 'approval')
      .reverse()
      .map((entry) => [entry.new_value, entry.user?.id, entry.old_value, entry.model, entry.record_id]);
  }

  const versionOf = async (id: number) => (await suite.charter.detail(suite.people.master.key, id)).version;

  const queuedTo = async (subject: string) =>
    (await suite.server.database.db.select().from(outboxMails).where(eq(outboxMails.subject, subject)))
      .map((mail) => mail.recipient)
      .sort();

  it('should record each step with who took it, and count it as a new version', async () => {
    const { people, charter } = suite;
    const { initiative: id, strategy } = await initiative();
    const row = await charter.addTimeline(people.owner.key, id);
    let version = await versionOf(id);

    const takeStep = async (call: Promise<ApiResponse>) => {
      await expectStatus(call, 200);
      const next = await versionOf(id);
      expect(next).toBeGreaterThan(version);
      version = next;
    };
    await takeStep(charter.requestApproval(people.owner.key, id));
    await takeStep(charter.toggleApproval(people.sponsor.key, id));
    await takeStep(charter.toggleApproval(people.master.key, id));
    await takeStep(charter.toggleApproval(people.sponsor.key, id));
    await expectStatus(charter.update(people.owner.key, id, { impact: '<p>Twice the trials</p>' }), 200);
    // Already withdrawn: a second edit is no new step.
    await expectStatus(charter.updateTimeline(people.master.key, row.id, { end_date: '2026-05-01' }), 200);
    await expectStatus(charter.requestApproval(people.owner.key, id), 200);
    await expectStatus(charter.toggleApproval(people.sponsor.key, id), 200);
    await expectStatus(charter.deleteTimeline(people.master.key, row.id), 204);

    const { owner, sponsor, master } = people;
    expect(await steps(id)).toEqual([
      ['requested', owner.id, null, 'initiative', id],
      ['approved', sponsor.id, null, 'initiative', id],
      ['unapproved', master.id, null, 'initiative', id],
      ['approved', sponsor.id, null, 'initiative', id],
      ['withdrawn', owner.id, { fields: ['impact'] }, 'initiative', id],
      ['requested', owner.id, null, 'initiative', id],
      ['approved', sponsor.id, null, 'initiative', id],
      ['withdrawn', master.id, { fields: ['timeline'] }, 'initiative', id],
    ]);
    // The strategy's history holds them too, each with the initiative it belongs to.
    const all = await expectStatus(
      suite.server.api('GET', `/api/strategy/${strategy}/activity/?limit=100`, { token: owner.key }),
      200,
    );
    const approvals = (all.body.results as ActivityEntry[]).filter((entry) => entry.field === 'approval');
    expect(approvals).toHaveLength(8);
    expect(approvals.every((entry) => entry.initiative_id === id)).toBe(true);
  });

  it('should record and mail one withdrawal when edits race to withdraw one approval', async () => {
    const { people, charter } = suite;
    const { initiative: id, title } = await initiative();
    const rows = [
      await charter.addTimeline(people.owner.key, id),
      await charter.addTimeline(people.owner.key, id),
    ];
    await expectStatus(charter.toggleApproval(people.sponsor.key, id), 200);
    const fields = await Promise.all([
      charter.update(people.owner.key, id, { deliverables: '<p>A guide</p>' }),
      charter.update(people.master.key, id, { investment: '<p>Two people</p>' }),
    ]);
    expect(fields.map((answer) => answer.status)).toEqual([200, 200]);
    await expectStatus(charter.toggleApproval(people.sponsor.key, id), 200);
    const timeline = await Promise.all([
      charter.updateTimeline(people.owner.key, rows[0]!.id, { description: 'Pilot' }),
      charter.updateTimeline(people.master.key, rows[1]!.id, { description: 'Roll-out' }),
    ]);
    expect(timeline.map((answer) => answer.status)).toEqual([200, 200]);
    // A charter edit and a timeline edit at once both lock the strategy first, so on PostgreSQL
    // they wait for each other instead of deadlocking (which answered one of them with a 500).
    await expectStatus(charter.toggleApproval(people.sponsor.key, id), 200);
    const mixed = await Promise.all([
      charter.update(people.owner.key, id, { impact: '<p>Faster</p>' }),
      charter.updateTimeline(people.master.key, rows[0]!.id, { description: 'Pilot again' }),
    ]);
    expect(mixed.map((answer) => answer.status)).toEqual([200, 200]);

    const withdrawals = (await steps(id)).filter(([step]) => step === 'withdrawn');
    expect(withdrawals).toHaveLength(3);
    const subject = `The charter of ${title} changed: approval withdrawn`;
    await suite.server.smtp.waitFor(people.sponsor.email, new RegExp(`^${subject}$`));
    expect(await queuedTo(subject)).toEqual([
      people.sponsor.email,
      people.sponsor.email,
      people.sponsor.email,
    ]);
  });

  it('should page the history with before, and keep it from people who may not see the strategy', async () => {
    const { people, charter } = suite;
    const { initiative: id } = await initiative();
    await expectStatus(charter.requestApproval(people.owner.key, id), 200);
    await expectStatus(charter.toggleApproval(people.sponsor.key, id), 200);
    const first = await expectStatus(activity(people.owner.key, id, '?limit=1'), 200);
    expect(first.body.results.map((entry: ActivityEntry) => entry.new_value)).toEqual(['approved']);
    const older = await expectStatus(
      activity(people.owner.key, id, `?limit=1&before=${first.body.next_before}`),
      200,
    );
    expect(older.body.results.map((entry: ActivityEntry) => entry.new_value)).toEqual(['requested']);

    for (const outsider of [people.otherOrganisation, people.noRole]) {
      const refused = await activity(outsider.key, id);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 404,
        body: { detail: INITIATIVE_NOT_FOUND },
      });
    }
    const bad = await activity(people.owner.key, id, '?before=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.before).toBeDefined();
  });

  it('should mail the owners who approved, with the charter link, and not the approver', async () => {
    const { people, charter } = suite;
    const { initiative: id, title } = await initiative();
    await expectStatus(charter.toggleApproval(people.sponsor.key, id), 200);
    const subject = `The charter of ${title} is approved`;
    const mail = await suite.server.smtp.waitFor(people.owner.email, new RegExp(`^${subject}$`));
    expect(mail.text).toContain(`${nameOf('sponsor')} approved the charter of "${title}"`);
    expect(mail.links).toContain(`${APP_URL}/initiative-charter/${id}`);
    expect(mail.html).toContain(`href="${APP_URL}/initiative-charter/${id}"`);
    expect(await queuedTo(subject)).toEqual([people.owner.email]);

    // Unticking mails nobody.
    await expectStatus(charter.toggleApproval(people.sponsor.key, id), 200);
    expect(await queuedTo(subject)).toEqual([people.owner.email]);
  });

  it('should mail every sponsor but the editor who changed what, by the parts’ names', async () => {
    const { people, charter } = suite;
    const sponsors = [people.sponsor, secondSponsor];
    const { initiative: id, title } = await initiative({ sponsors });
    await expectStatus(charter.toggleApproval(secondSponsor.key, id), 200);
    await expectStatus(
      charter.update(people.sponsor.key, id, {
        problem_statement: '<p>Churn</p>',
        risks_and_dependencies: '<p>Legal</p>',
      }),
      200,
    );
    const subject = `The charter of ${title} changed: approval withdrawn`;
    const mail = await suite.server.smtp.waitFor(secondSponsor.email, new RegExp(`^${subject}$`));
    expect(mail.text).toContain(
      `${nameOf('sponsor')} changed Problem statement and Risks and dependencies in the charter of "${title}"`,
    );
    expect(mail.text).toContain('the approval given by Second Sponsor has been withdrawn');
    expect(mail.links).toContain(`${APP_URL}/initiative-charter/${id}`);
    // The sponsor who made the edit knows it already.
    expect(await queuedTo(subject)).toEqual([secondSponsor.email]);
  });

  it('should mail the masters when there is no sponsor, naming a timeline change', async () => {
    const { people, charter } = suite;
    const { initiative: id, title } = await initiative({ sponsors: [] });
    await expectStatus(charter.toggleApproval(people.master.key, id), 200);
    await charter.addTimeline(people.owner.key, id, { description: 'Pilot' });
    const subject = `The charter of ${title} changed: approval withdrawn`;
    const mail = await suite.server.smtp.waitFor(people.master.email, new RegExp(`^${subject}$`));
    expect(mail.text).toContain(`${nameOf('owner')} changed Timeline in the charter of "${title}"`);
    expect(await queuedTo(subject)).toEqual([people.master.email]);
  });

  it('should mail no deactivated sponsor or owner, and escape names in the HTML part', async () => {
    const { people, charter, server } = suite;
    const organisationId = people.master.organisationId;
    const gone = await signedInUser(server, { organisationId, firstName: 'Gone', lastName: 'Sponsor' });
    const goneOwner = await signedInUser(server, { organisationId, firstName: 'Gone', lastName: 'Owner' });
    const eve = await signedInUser(server, { organisationId, firstName: '<b>Eve</b>', lastName: 'Owner' });
    const { initiative: id, strategy, title } = await initiative();
    await strategyApi(server).assignOk(people.master.key, {
      strategy_id: strategy,
      initiatives: [
        {
          initiative_id: id,
          owners: [personOf(eve), personOf(goneOwner)],
          sponsors: [personOf(gone), personOf(secondSponsor)],
          team_members: [],
        },
      ],
    });
    for (const person of [gone, goneOwner]) {
      await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));
    }

    await expectStatus(charter.requestApproval(eve.key, id), 200);
    const request = `Please approve the charter of ${title}`;
    await server.smtp.waitFor(secondSponsor.email, new RegExp(`^${request}$`));
    expect(await queuedTo(request)).toEqual([secondSponsor.email]);

    await expectStatus(charter.toggleApproval(secondSponsor.key, id), 200);
    const approved = `The charter of ${title} is approved`;
    await server.smtp.waitFor(eve.email, new RegExp(`^${approved}$`));
    expect(await queuedTo(approved)).toEqual([eve.email]);

    await expectStatus(charter.update(eve.key, id, { work_plan: 'Ship in May' }), 200);
    const subject = `The charter of ${title} changed: approval withdrawn`;
    const mail = await server.smtp.waitFor(secondSponsor.email, new RegExp(`^${subject}$`));
    expect(mail.text).toContain('<b>Eve</b> Owner changed Work plan');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; Owner changed Work plan');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(await queuedTo(subject)).toEqual([secondSponsor.email]);
  });
});
