/**
 * Progress comments and status (spec §3 "Comment", §4, §5, §6, §7; DESIGN §4, §6): every
 * initiative has one current Progress, Roadblocks and Next steps comment on the strategy page;
 * PATCH /api/comments/update/{id}/ and the status are for whoever may edit that initiative's
 * progress; a due date locks the comments into history for good.
 */
import {
  CONFLICT_CODES,
  type Comment,
  INITIATIVE_STATUS_CODES,
  LIMITS,
  MESSAGES,
  PROGRESS_MESSAGES,
  STRATEGY_MESSAGES,
} from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { nameOf } from './helpers/charter';
import { currentComments } from './helpers/progress';
import { freshComment, pageComments, progressSuite } from './helpers/progressApi';
import { lockApi } from './helpers/realtime';
import { ROLE_NAMES, ROLES, type Role, VIEWERS } from './helpers/strategyPermissionCalls';

const NOW = '2026-06-01T12:00:00.000Z';
const TYPES = ['PR', 'RB', 'NS'] as const;
const fresh = (initiative: number) => TYPES.map((type) => freshComment(initiative, type));

describe('progress comments', () => {
  const suite = progressSuite(NOW);
  const masterKey = () => suite.people.master.key;
  const page = (strategy = suite.fixture.strategy) => suite.strategies.page(masterKey(), strategy);
  /** The current comment of this type of an initiative of the shared strategy. */
  const current = async (initiative: number, type: Comment['comment_type']) =>
    (await page()).focus_areas
      .flatMap((area) => area.initiatives)
      .find((item) => item.id === initiative)!
      .comments.find((comment) => comment.comment_type === type)!;
  const roles = ROLES.map((role) => [ROLE_NAMES[role], role] as const);

  describe('the current comments on the strategy page', () => {
    it('should give a new strategy, focus area and initiative exactly Progress, Roadblocks and Next steps', async () => {
      const created = await suite.strategies.create(masterKey(), { title: 'Comments' });
      const firstArea = created.focus_areas[0]!;
      const first = firstArea.initiatives[0]!.id;
      expect(created.focus_areas[0]!.initiatives[0]!.comments).toEqual(fresh(first));

      const areaResponse = await suite.server.api('POST', '/api/focusarea/create/', {
        token: masterKey(),
        body: { strategy: created.id },
      });
      expect(areaResponse.status).toBe(201);
      const added = await suite.strategies.addInitiative(masterKey(), firstArea.id);
      expect(added.comments).toEqual(fresh(added.id));

      const after = await page(created.id);
      const areaInitiative = after.focus_areas[1]!.initiatives[0]!.id;
      expect(after.focus_areas.map((area) => area.initiatives.map((item) => item.comments))).toEqual([
        [fresh(first), fresh(added.id)],
        [fresh(areaInitiative)],
      ]);
      const ids = pageComments(after).map((comment) => comment.id);
      expect(new Set(ids).size).toBe(9);
    });

    it('should show every viewer the same comments', async () => {
      const asMaster = currentComments(await page(), suite.fixture.initiative);
      for (const role of VIEWERS) {
        const seen = await suite.strategies.page(suite.people[role].key, suite.fixture.strategy);
        expect(currentComments(seen, suite.fixture.initiative), role).toEqual(asMaster);
      }
    });
  });

  /** The comment as an edit by `author` stores it: a new version, its author, a new time. */
  const written = (target: Comment, text: string, author: { id: number }) =>
    target.comment === text
      ? target
      : {
          ...target,
          comment: text,
          version: target.version + 1,
          author: expect.objectContaining({ id: author.id }),
          updated_at: expect.any(String),
        };

  describe('PATCH /api/comments/update/{id}/', () => {
    it.each(roles)(
      'should let the %s write a comment of their initiative only when they see the strategy',
      async (_name, role) => {
        const target = await current(suite.fixture.initiative, 'PR');
        const text = `<p>Progress by ${ROLE_NAMES[role]}</p>`;
        const response = await suite.progress.updateComment(suite.people[role].key, target.id, {
          comment: text,
        });
        if (!VIEWERS.includes(role)) {
          expect({ status: response.status, body: response.body }).toEqual({
            status: 404,
            body: { detail: PROGRESS_MESSAGES.commentNotFound },
          });
          expect(await current(suite.fixture.initiative, 'PR')).toEqual(target);
          return;
        }
        const stored = written(target, text, suite.people[role]);
        expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: stored });
        expect(await current(suite.fixture.initiative, 'PR')).toEqual(stored);
      },
    );

    it.each(['owner', 'sponsor', 'teamMember'] as const)(
      'should refuse the %s a comment of another initiative of the same strategy with 403',
      async (role) => {
        const target = await current(suite.fixture.sibling, 'RB');
        const response = await suite.progress.updateComment(suite.people[role].key, target.id, {
          comment: '<p>Not mine</p>',
        });
        expect({ status: response.status, body: response.body }).toEqual({
          status: 403,
          body: { detail: MESSAGES.noPermission },
        });
        expect(await current(suite.fixture.sibling, 'RB')).toEqual(target);
      },
    );

    it('should answer a missing comment with 404, a bad id with 400 and no token with 403', async () => {
      const missing = await suite.progress.updateComment(masterKey(), 2_147_483_647, { comment: 'x' });
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: { detail: PROGRESS_MESSAGES.commentNotFound },
      });
      for (const id of ['abc', '0', '-1', '1.5']) {
        const bad = await suite.progress.updateComment(masterKey(), id, { comment: 'x' });
        expect({ status: bad.status, body: bad.body }, id).toEqual({
          status: 400,
          body: {
            detail: 'A valid id is required.',
            errors: { non_field_errors: ['A valid id is required.'] },
          },
        });
      }
      const target = await current(suite.fixture.initiative, 'NS');
      const anonymous = await suite.server.api('PATCH', `/api/comments/update/${target.id}/`, {
        body: { comment: 'x' },
      });
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({
        status: 403,
        body: { detail: MESSAGES.credentialsMissing },
      });
      expect(await current(suite.fixture.initiative, 'NS')).toEqual(target);
    });

    it.each([
      ['a script tag', '<p>Done<script>alert(1)</script></p>', '<p>Done</p>'],
      ['an on* handler', '<p onclick="steal()">Done</p>', '<p>Done</p>'],
      [
        'a javascript: link',
        '<p><a href="javascript:alert(1)">x</a></p>',
        '<p><a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
      ],
      ['an image with onerror', '<p><img src=x onerror=alert(1)>Pic</p>', '<p>Pic</p>'],
      [
        'formatting and lists',
        '<p><strong>B</strong> <em>I</em></p><ul><li>one</li></ul>',
        '<p><strong>B</strong> <em>I</em></p><ul><li>one</li></ul>',
      ],
      ['an empty text', '', ''],
    ])('should store a comment with %s sanitised', async (_case, input, stored) => {
      const target = await current(suite.fixture.initiative, 'NS');
      const response = await suite.progress.updateComment(suite.people.teamMember.key, target.id, {
        comment: input,
      });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 200,
        body: written(target, stored, suite.people.teamMember),
      });
      expect((await current(suite.fixture.initiative, 'NS')).comment).toBe(stored);
    });

    it(`should accept ${LIMITS.comment} characters of plain text and refuse one more`, async () => {
      const target = await current(suite.fixture.initiative, 'RB');
      // Markup does not count; an emoji or an entity is one character.
      const limit = `<p><strong>${'a'.repeat(LIMITS.comment - 1000)}</strong></p><ul><li>${'😀'.repeat(500)}${'&amp;'.repeat(500)}</li></ul>`;
      const accepted = await suite.progress.updateComment(suite.people.owner.key, target.id, {
        comment: limit,
      });
      expect({ status: accepted.status, body: accepted.body }).toEqual({
        status: 200,
        body: written(target, limit, suite.people.owner),
      });
      for (const over of [limit.replace('</li>', 'b</li>'), 'a'.repeat(LIMITS.comment + 1)]) {
        const refused = await suite.progress.updateComment(suite.people.owner.key, target.id, {
          comment: over,
        });
        expect({ status: refused.status, body: refused.body }).toEqual({
          status: 400,
          body: { detail: MESSAGES.charactersReached, errors: { comment: [MESSAGES.charactersReached] } },
        });
      }
      expect((await current(suite.fixture.initiative, 'RB')).comment).toBe(limit);
    });

    it('should refuse a comment that is not text with 400', async () => {
      const target = await current(suite.fixture.initiative, 'RB');
      const required = {
        detail: 'A text value is required.',
        errors: { comment: ['A text value is required.'] },
      };
      for (const body of [
        { comment: 42 },
        { comment: null },
        { comment: true },
        { comment: ['x'] },
        { comment: {} },
        {},
      ]) {
        const response = await suite.progress.updateComment(masterKey(), target.id, body);
        expect({ status: response.status, body: response.body }, JSON.stringify(body)).toEqual({
          status: 400,
          body: required,
        });
      }
      for (const body of ['"text"', '[]', '42']) {
        const response = await suite.progress.updateComment(masterKey(), target.id, body);
        expect(response.status, body).toBe(400);
        expect(typeof response.body.detail).toBe('string');
      }
      expect(await current(suite.fixture.initiative, 'RB')).toEqual(target);
    });

    it('should refuse a comment someone else is editing with 409 naming them', async () => {
      const { owner, teamMember } = suite.people;
      const locks = lockApi(suite.server.api);
      const target = await current(suite.fixture.initiative, 'PR');
      const field = { model: 'comment', res_id: target.id, field: 'comment' };
      expect((await locks.lock(owner.key, field)).status).toBe(200);

      const refused = await suite.progress.updateComment(teamMember.key, target.id, {
        comment: '<p>Mine</p>',
      });
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 409,
        body: {
          detail: MESSAGES.fieldLockedBy(nameOf('owner')),
          code: CONFLICT_CODES.fieldLocked,
          user: nameOf('owner'),
          user_id: owner.id,
        },
      });
      expect(refused.body.detail).toBe(`This field is currently being edited by ${nameOf('owner')}.`);
      expect(await current(suite.fixture.initiative, 'PR')).toEqual(target);

      const byHolder = await suite.progress.updateComment(owner.key, target.id, { comment: '<p>Owner</p>' });
      expect(byHolder.status).toBe(200);
      expect(byHolder.body.comment).toBe('<p>Owner</p>');

      expect((await locks.unlock(owner.key, field)).status).toBe(200);
      const afterRelease = await suite.progress.updateComment(teamMember.key, target.id, {
        comment: '<p>Mine</p>',
      });
      expect({ status: afterRelease.status, body: afterRelease.body }).toEqual({
        status: 200,
        body: { ...written(target, '<p>Mine</p>', teamMember), version: target.version + 2 },
      });
    });
  });

  describe('the status (PATCH /api/initiative/update/{id}/ {status})', () => {
    const statusOf = async (initiative: number) =>
      (await page()).focus_areas.flatMap((area) => area.initiatives).find((item) => item.id === initiative)!
        .status;

    it.each(roles)(
      'should let the %s set the status only with the progress right',
      async (_name, role: Role) => {
        const before = await statusOf(suite.fixture.initiative);
        const next = before === 'OT' ? 'BL' : 'OT';
        const response = await suite.progress.setStatus(
          suite.people[role].key,
          suite.fixture.initiative,
          next,
        );
        if (!VIEWERS.includes(role)) {
          expect({ status: response.status, body: response.body }).toEqual({
            status: 404,
            body: { detail: STRATEGY_MESSAGES.initiativeNotFound },
          });
          expect(await statusOf(suite.fixture.initiative)).toBe(before);
          return;
        }
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ id: suite.fixture.initiative, status: next });
        expect(await statusOf(suite.fixture.initiative)).toBe(next);
      },
    );

    it('should take every status code and refuse others with 400', async () => {
      const key = suite.people.teamMember.key;
      for (const code of INITIATIVE_STATUS_CODES) {
        const response = await suite.progress.setStatus(key, suite.fixture.initiative, code);
        expect(response.status, code).toBe(200);
        expect(response.body.status).toBe(code);
      }
      for (const wrong of ['XX', 'ot', 'On Track', '', null, 1]) {
        const response = await suite.progress.setStatus(key, suite.fixture.initiative, wrong);
        expect({ status: response.status, body: response.body }, String(wrong)).toEqual({
          status: 400,
          body: { detail: 'Unknown status.', errors: { status: ['Unknown status.'] } },
        });
      }
      expect(await statusOf(suite.fixture.initiative)).toBe(INITIATIVE_STATUS_CODES.at(-1));
    });

    it("should refuse a team member another initiative's status with 403", async () => {
      const before = await statusOf(suite.fixture.sibling);
      const response = await suite.progress.setStatus(
        suite.people.teamMember.key,
        suite.fixture.sibling,
        'BL',
      );
      expect({ status: response.status, body: response.body }).toEqual({
        status: 403,
        body: { detail: MESSAGES.noPermission },
      });
      expect(await statusOf(suite.fixture.sibling)).toBe(before);
    });
  });

  // Last: the due date moves the clock and locks every comment of the shared strategy.
  describe('after a due date', () => {
    it('should refuse a locked comment with 409, leave the history as it was, and take the fresh one', async () => {
      const { master, teamMember } = suite.people;
      await suite.progress.saveSettings(master.key, suite.fixture.strategy, {
        first_progress_update: '2026-06-02T09:00:00',
      });
      const target = await current(suite.fixture.initiative, 'PR');
      await suite.progress.commentOk(teamMember.key, target.id, '<p>Before the due date</p>');
      expect((await suite.progress.setStatus(teamMember.key, suite.fixture.initiative, 'DE')).status).toBe(
        200,
      );

      expect(await suite.reach('2026-06-02T09:00:00Z')).toEqual({ dueDates: 1, reminders: 0 });
      const date = '2026-06-02T09:00:00.000Z';
      const history = await suite.progress.lockedComments(master.key, {
        strategy_id: suite.fixture.strategy,
        date,
      });
      expect(history.status).toBe(200);
      const locked = {
        ...written(target, '<p>Before the due date</p>', teamMember),
        is_locked: true,
        locked_at: date,
        initiative_status: 'DE',
      };
      expect(history.body).toContainEqual(locked);

      for (const key of [teamMember.key, master.key]) {
        const refused = await suite.progress.updateComment(key, target.id, { comment: '<p>Rewritten</p>' });
        expect({ status: refused.status, body: refused.body }).toEqual({
          status: 409,
          body: { detail: PROGRESS_MESSAGES.commentLocked, code: CONFLICT_CODES.commentLocked },
        });
      }
      const lock = await lockApi(suite.server.api).lock(teamMember.key, {
        model: 'comment',
        res_id: target.id,
        field: 'comment',
      });
      expect({ status: lock.status, body: lock.body }).toEqual({
        status: 409,
        body: {
          detail: 'This comment belongs to a past due date and can no longer be edited.',
          code: CONFLICT_CODES.commentLocked,
        },
      });
      const again = await suite.progress.lockedComments(master.key, {
        strategy_id: suite.fixture.strategy,
        date,
      });
      expect(again.body).toEqual(history.body);

      // The page carries fresh, empty comments for the next due date; they take updates.
      const after = currentComments(await page(), suite.fixture.initiative);
      expect(after).toEqual(fresh(suite.fixture.initiative));
      expect(after.map((comment) => comment.id)).not.toContain(target.id);
      const next = await suite.progress.updateComment(teamMember.key, after[0]!.id, {
        comment: '<p>Week two</p>',
      });
      expect({ status: next.status, body: next.body }).toEqual({
        status: 200,
        body: written(after[0]!, '<p>Week two</p>', teamMember),
      });
    });
  });
});
