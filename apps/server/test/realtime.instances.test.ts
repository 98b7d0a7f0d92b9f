/**
 * Two server processes on one PostgreSQL database behave as one (DESIGN §5): locks, live updates
 * and socket closes travel between them through LISTEN/NOTIFY. PostgreSQL only (the
 * `server-postgres` project); PGlite is one process and reports this file as skipped.
 */
import { CONFLICT_CODES, type Comment, SOCKET_CLOSE } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import {
  buildRealtimeFixture,
  fence,
  isUnlockOf,
  lockApi,
  locksSocket,
  messagesOutside,
  type RealtimeFixture,
  socketPool,
  streamingSocket,
} from './helpers/realtime';
import { personOf } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe.runIf(process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  /** In-process, only to build the fixture on the database the two instances share. */
  let setup: TestServer;
  let f: RealtimeFixture;
  let a: ServerProcess;
  let b: ServerProcess;
  const pool = socketPool();

  beforeAll(async () => {
    setup = await getTestServer();
    f = await buildRealtimeFixture(setup);
    const env = { DATABASE_URL: setup.databaseUrl, SMTP_URL: setup.ctx.config.smtpUrl };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await pool.closeAll();
    await Promise.all([a?.stop(), b?.stop()]);
    await setup?.close();
  });

  const key = (role: keyof RealtimeFixture['people']) => f.people[role].key;
  const on = pool.add;

  it('should carry locks, conflicts, releases and edits from one instance to the other', async () => {
    const locksOnA = lockApi(a.api);
    const locksOnB = lockApi(b.api);
    const watcherOnB = await on(locksSocket(b.baseUrl, key('teamMember')));
    const streamOnA = await on(streamingSocket(a.baseUrl, key('teamMember')));
    const holderOnA = await on(locksSocket(a.baseUrl, key('owner'), 'owner-tab-on-a'));
    const title = { model: 'initiative', res_id: f.initiative, field: 'title' };

    // A lock taken through A reaches a locks socket on B.
    expect((await locksOnA.lock(key('owner'), title, 'owner-tab-on-a')).status).toBe(200);
    const locked = await watcherOnB.waitFor(
      (message) => message.field === 'title' && message.action === 'lock',
    );
    expect(locked).toEqual({
      ...title,
      user_id: f.people.owner.id,
      user: 'Olive Owner',
      action: 'lock',
      strategy_id: f.strategy,
    });

    // B refuses the field to someone else, naming the holder.
    const refused = await locksOnB.lock(key('sponsor'), title);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: 'This field is currently being edited by Olive Owner.',
      code: CONFLICT_CODES.fieldLocked,
      user: 'Olive Owner',
      user_id: f.people.owner.id,
    });

    // A title edit through B reaches a streaming socket on A.
    const edited = await b.api('PATCH', `/api/strategy/update/${f.strategy}/`, {
      token: key('master'),
      body: { title: 'Edited on B' },
    });
    expect(edited.status).toBe(200);
    expect(await streamOnA.waitFor((message) => message.value === 'Edited on B')).toEqual({
      res_id: f.strategy,
      model: 'strategy',
      field: 'title',
      value: 'Edited on B',
      user_id: f.people.master.id,
      strategy_id: f.strategy,
    });

    // Closing the holder's socket on A releases the lock, as B sees and says.
    await holderOnA.close();
    await watcherOnB.waitFor(isUnlockOf(title));
    expect((await locksOnB.list(key('sponsor'), f.strategy)).body).toEqual([]);
    expect((await locksOnB.lock(key('sponsor'), title)).status).toBe(200);
    expect((await locksOnB.unlock(key('sponsor'), title)).status).toBe(200);
  });

  it('should carry a progress comment autosave from A to a viewer on B, and to nobody else', async () => {
    const viewerOnB = await on(streamingSocket(b.baseUrl, key('sponsor')));
    const outsiderOnB = await on(streamingSocket(b.baseUrl, key('noRole')));
    const read = async () => {
      const response = await b.api('GET', `/api/strategy/${f.strategy}`, { token: key('sponsor') });
      expect(response.status).toBe(200);
      const page = response.body as { focus_areas: { initiatives: { comments: Comment[] }[] }[] };
      return page.focus_areas.flatMap((area) => area.initiatives.flatMap((item) => item.comments));
    };
    await read(); // B now holds the page in its cache.

    const saved = await a.api('PATCH', `/api/comments/update/${f.comment}/`, {
      token: key('teamMember'),
      body: { comment: '<p>Saved on A</p><script>x</script>' },
    });
    expect(saved.status).toBe(200);
    expect(await viewerOnB.waitFor((message) => message.value === '<p>Saved on A</p>')).toEqual({
      res_id: f.comment,
      model: 'comment',
      field: 'comment',
      value: '<p>Saved on A</p>',
      user_id: f.people.teamMember.id,
      strategy_id: f.strategy,
    });
    expect((await read()).find((comment) => comment.id === f.comment)).toMatchObject({
      comment: '<p>Saved on A</p>',
      version: (saved.body as Comment).version,
    });
    await fence(a.api, outsiderOnB, key('noRole'), f.own.noRole);
    expect(messagesOutside(outsiderOnB, f.own.noRole)).toEqual([]);
  });

  it('should give a user without a role, connected to B, nothing of the strategy', async () => {
    const outsiders = ['noRole', 'otherOrganisation'] as const;
    const streams = await Promise.all(outsiders.map((role) => on(streamingSocket(b.baseUrl, key(role)))));
    const lockSockets = await Promise.all(outsiders.map((role) => on(locksSocket(b.baseUrl, key(role)))));
    const viewerOnB = await on(streamingSocket(b.baseUrl, key('teamMember')));
    const target = { model: 'strategy', res_id: f.strategy, field: 'ambition' };

    expect((await lockApi(a.api).lock(key('master'), target)).status).toBe(200);
    expect((await lockApi(a.api).unlock(key('master'), target)).status).toBe(200);
    const edited = await a.api('PATCH', `/api/strategy/update/${f.strategy}/`, {
      token: key('master'),
      body: { ambition: '<p>Seen by the team only</p>' },
    });
    expect(edited.status).toBe(200);
    await viewerOnB.waitFor((message) => message.field === 'ambition');

    // Each fence goes through A and arrives on B after everything published before it.
    for (const [index, role] of outsiders.entries()) {
      await fence(a.api, streams[index]!, key(role), f.own[role]);
      await fence(a.api, lockSockets[index]!, key(role), f.own[role]);
      expect(messagesOutside(streams[index]!, f.own[role])).toEqual([]);
      expect(messagesOutside(lockSockets[index]!, f.own[role])).toEqual([]);
    }
  });

  it('should close a key’s sockets on A when it logs out through B', async () => {
    const extraKey = await setup.loginAs(f.people.sponsor);
    const onA = await on(streamingSocket(a.baseUrl, extraKey));
    const otherKeyOnA = await on(streamingSocket(a.baseUrl, key('sponsor')));
    expect((await b.api('POST', '/api/auth/logout/', { token: extraKey })).status).toBe(200);
    expect(await onA.closed).toBe(SOCKET_CLOSE.unauthenticated);
    await fence(b.api, otherKeyOnA, key('sponsor'), f.own.sponsor);
  });
  it('should never show a page cached on B from before an edit, a role change or a rename made through A', async () => {
    const master = key('master');
    const page = async () => {
      const response = await b.api('GET', `/api/strategy/${f.strategy}`, { token: master });
      expect(response.status).toBe(200);
      return response.body as {
        title: string;
        focus_areas: { initiatives: { owners: { name: string | null }[] }[] }[];
      };
    };
    const streamOnB = await on(streamingSocket(b.baseUrl, master));
    await page(); // B now holds the page in its cache.

    // An edit through A: once its live update reached B, B's page read has it.
    const edited = await a.api('PATCH', `/api/strategy/update/${f.strategy}/`, {
      token: master,
      body: { title: 'Grow faster' },
    });
    expect(edited.status).toBe(200);
    await streamOnB.waitFor((message) => message.field === 'title' && message.value === 'Grow faster');
    expect((await page()).title).toBe('Grow faster');

    // The owner renames themselves through A; a fence through A arrives on B after that change.
    const renamed = await a.api('PATCH', '/api/update-user-details/', {
      token: key('owner'),
      body: { first_name: 'Renamed', last_name: 'Owner' },
    });
    expect(renamed.status).toBe(200);
    await fence(a.api, streamOnB, master, f.own.master);
    const owners = (await page()).focus_areas[0]!.initiatives[0]!.owners;
    expect(owners.map((owner) => owner.name)).toEqual(['Renamed Owner']);

    // A viewer taken off the strategy through A can no longer read it through B.
    const viewer = await b.api('GET', `/api/strategy/${f.strategy}`, { token: key('teamMember') });
    expect(viewer.status).toBe(200);
    const removed = await a.api('PATCH', '/api/assign-users-to-strategy/', {
      token: master,
      body: {
        strategy_id: f.strategy,
        initiatives: [
          {
            initiative_id: f.initiative,
            owners: [personOf(f.people.owner)],
            sponsors: [personOf(f.people.sponsor)],
            team_members: [],
          },
        ],
      },
    });
    expect(removed.status).toBe(200);
    await fence(a.api, streamOnB, master, f.own.master);
    expect((await b.api('GET', `/api/strategy/${f.strategy}`, { token: key('teamMember') })).status).toBe(
      404,
    );
  });
});
