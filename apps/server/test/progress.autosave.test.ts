/**
 * The autosave in one statement (issue 17) and the checked path it falls back to: a successful
 * edit is one statement, the key checked in it (a key this instance found valid moments ago is not
 * looked up before the body, but never trusted to write); the statement refuses exactly whom and what the
 * checked path refuses (which then answers as before, progress.comments.test.ts); an edit whose
 * event is too large for a NOTIFY takes the checked path; both give the same answer, history
 * entry and live update.
 */
import { type Comment, canEditProgress, MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authKeys, users } from '../src/db/schema';
import { sha256 } from '../src/lib/secrets';
import { type AuthenticatedUser, userForKey } from '../src/modules/auth/keys';
import { writeCommentAtOnce } from '../src/modules/progress/commentWrite';
import { loadStrategyAccess, rolesOf } from '../src/modules/strategies/access';
import { currentComments } from './helpers/progress';
import {
  buildRealtimeFixture,
  lockApi,
  type RealtimeFixture,
  socketPool,
  streamingSocket,
} from './helpers/realtime';
import type { TestSocket } from './helpers/sockets';
import { personOf, signedInUser, strategyApi } from './helpers/strategies';
import { ROLES, type Role } from './helpers/strategyPermissionCalls';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('the autosave in one statement', () => {
  let server: TestServer;
  let f: RealtimeFixture;
  let stream: TestSocket;
  const pool = socketPool();
  let edits = 0;

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildRealtimeFixture(server);
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    stream = await pool.add(streamingSocket(baseUrl, f.people.sponsor.key));
  });
  afterAll(async () => {
    await pool.closeAll();
    await server?.close();
  });

  const userOf = async (role: Role): Promise<AuthenticatedUser> =>
    (await userForKey(server.ctx.db, f.people[role].key))!;
  const save = (role: Role, comment: string, id = f.comment) =>
    server.api('PATCH', `/api/comments/update/${id}/`, { token: f.people[role].key, body: { comment } });
  const atOnce = async (role: Role, id = f.comment, since?: number) =>
    writeCommentAtOnce(server.ctx.db, (await userOf(role)).keyHash, id, {
      value: `<p>Edit ${++edits}</p>`,
      since,
    });
  const historyOf = async (id: number) => {
    const response = await server.api('GET', `/api/strategy/${f.strategy}/activity/?limit=100`, {
      token: f.people.master.key,
    });
    expect(response.status).toBe(200);
    return (response.body.results as { model: string; record_id: number }[]).filter(
      (entry) => entry.model === 'comment' && entry.record_id === id,
    );
  };

  it('should write a successful edit in one statement, the key checked in it', async () => {
    expect((await save('teamMember', '<p>Key looked up</p>')).status).toBe(200);
    server.queries.length = 0;
    const saved = await save('teamMember', '<p>In one go</p>');
    expect(saved.status).toBe(200);
    expect(server.queries).toHaveLength(1);
    expect(server.queries[0]).toMatch(/^with me as/);
  });

  it('should refuse a key revoked or a person deactivated moments after it wrote, as any call does', async () => {
    const person = await signedInUser(server, { organisationId: f.people.master.organisationId });
    await strategyApi(server).assignOk(f.people.master.key, {
      strategy_id: f.strategy,
      initiatives: [{ initiative_id: f.sibling, team_members: [personOf(person)] }],
    });
    const page = await strategyApi(server).page(f.people.master.key, f.strategy);
    const sibling = currentComments(page, f.sibling)[0]!.id;
    const write = (key: string) =>
      server.api('PATCH', `/api/comments/update/${sibling}/`, {
        token: key,
        body: { comment: `<p>${++edits}</p>` },
      });
    const refusal = { detail: MESSAGES.invalidToken };

    // Gone from the database without any event: nothing on this instance can know, yet it refuses.
    const silent = await server.loginAs(person);
    expect((await write(silent)).status).toBe(200);
    await server.database.db.delete(authKeys).where(eq(authKeys.keyHash, sha256(silent)));
    expect(await write(silent)).toMatchObject({ status: 403, body: refusal });

    const loggedOut = await server.loginAs(person);
    expect((await write(loggedOut)).status).toBe(200);
    expect((await server.api('POST', '/api/auth/logout/', { token: loggedOut })).status).toBe(200);
    expect(await write(loggedOut)).toMatchObject({ status: 403, body: refusal });

    const deactivated = await server.loginAs(person);
    expect((await write(deactivated)).status).toBe(200);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));
    expect(await write(deactivated)).toMatchObject({ status: 403, body: refusal });
  });

  it('should write for exactly the people the contract’s rule lets edit progress', async () => {
    const allowed: Role[] = [];
    for (const role of ROLES) {
      const user = await userOf(role);
      const access = await loadStrategyAccess(server.ctx.db, f.strategy, user).catch(() => null);
      const mayEdit =
        access !== null && canEditProgress(user.id, access.roles, rolesOf(access, f.initiative));
      const written = await atOnce(role);
      expect(written !== undefined, role).toBe(mayEdit);
      if (mayEdit) allowed.push(role);
    }
    expect(allowed).toEqual(['master', 'owner', 'sponsor', 'teamMember']);
  });

  it('should write nothing to a comment in history, one held by someone else, or from a stale version', async () => {
    expect(await atOnce('master', f.historicComment)).toBeUndefined();

    const locks = lockApi(server.api);
    const field = { model: 'comment', res_id: f.comment, field: 'comment' };
    expect((await locks.lock(f.people.owner.key, field)).status).toBe(200);
    expect(await atOnce('teamMember')).toBeUndefined();
    expect(await atOnce('owner')).toBeDefined();
    expect((await locks.unlock(f.people.owner.key, field)).status).toBe(200);

    const written = (await atOnce('owner'))!;
    expect(await atOnce('teamMember', f.comment, written.version - 1)).toBeUndefined();
    expect(await atOnce('teamMember', f.comment, written.version)).toBeDefined();
  });

  it('should answer, record and publish an edit too large for one NOTIFY as the one statement does', async () => {
    const small = '<p>Small edit</p>';
    const large = '<p><strong>ab</strong></p>'.repeat(400);
    expect(await atOnce('teamMember', f.comment)).toBeDefined();
    const answers: Comment[] = [];
    for (const text of [small, large]) {
      server.queries.length = 0;
      const saved = await save('teamMember', text);
      expect(saved.status).toBe(200);
      answers.push(saved.body as Comment);
      // The large one: the one statement, then the checked path's key, read, write and NOTIFY.
      expect(server.queries.length > 1).toBe(text === large);
      expect(await stream.waitFor((message) => message.value === text)).toEqual({
        res_id: f.comment,
        model: 'comment',
        field: 'comment',
        value: text,
        user_id: f.people.teamMember.id,
        strategy_id: f.strategy,
      });
    }
    const [first, second] = answers as [Comment, Comment];
    expect({ ...second, comment: small, version: first.version, updated_at: first.updated_at }).toEqual(
      first,
    );
    expect(second.version).toBe(first.version + 1);

    const [newest, before] = await historyOf(f.comment);
    expect(newest).toMatchObject({
      field: 'comment',
      old_value: small,
      new_value: large,
      version: second.version,
    });
    expect(before).toMatchObject({ field: 'comment', new_value: small, version: first.version });
    expect(Object.keys(newest!)).toEqual(Object.keys(before!));
  });
});
