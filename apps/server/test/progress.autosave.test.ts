/**
 * The autosave in one statement (issue 17) and the checked path it falls back to: a successful
 * edit is one statement, the key checked in it (a key this instance found valid moments ago is not
 * looked up before the body, but never trusted to write); the statement refuses exactly whom and what the
 * checked path refuses (which then answers as before, progress.comments.test.ts); an edit whose
 * event is too large for a NOTIFY takes the checked path; both give the same answer, history
 * entry and live update. Autosaves that arrive while earlier ones are being written go together in
 * one statement, each answered, recorded and published as its own.
 */
import { type Comment, canEditProgress, MESSAGES } from '@keystone/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../src/core/actor';
import { userForKey } from '../src/core/keys';
import { loadStrategyAccess, rolesOf } from '../src/core/strategyAccess';
import { authKeys, users } from '../src/db/schema';
import { sha256 } from '../src/lib/secrets';
import { autosaveQueueOf } from '../src/modules/progress/autosaveQueue';
import { writeAutosaves } from '../src/modules/progress/commentWrite';
import { currentComments, sleep } from './helpers/progress';
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

  const userOf = async (role: Role): Promise<SignedIn> =>
    (await userForKey(server.ctx.db, f.people[role].key))!;
  const save = (role: Role, comment: string, id = f.comment) =>
    server.api('PATCH', `/api/comments/update/${id}/`, { token: f.people[role].key, body: { comment } });
  const atOnce = async (role: Role, id = f.comment, since?: number) => {
    const edit = { value: `<p>Edit ${++edits}</p>`, since };
    const [written] = await writeAutosaves(server.ctx.db, [
      { keyHash: (await userOf(role)).keyHash, id, edit },
    ]);
    return written;
  };
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
    expect(server.queries[0]).toMatch(/^with input as/);
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

  describe('autosaves that arrive together', () => {
    const statementsOfAutosaves = () => server.queries.filter((query) => query.startsWith('with input as'));
    const pageComments = async () => {
      const page = await strategyApi(server).page(f.people.master.key, f.strategy);
      return [...currentComments(page, f.initiative), ...currentComments(page, f.sibling)].map((c) => c.id);
    };

    it('should answer, record and publish each of many autosaves at once as its own', async () => {
      const ids = await pageComments();
      // The master may edit every comment, the owner those of their initiative.
      const page = await strategyApi(server).page(f.people.master.key, f.strategy);
      const ownersComments = new Set(currentComments(page, f.initiative).map((comment) => comment.id));
      const saves = ids.map((id, index) => {
        const role: Role = ownersComments.has(id) && index % 2 === 1 ? 'owner' : 'master';
        return { id, role, text: `<p>Together ${++edits} on ${id}</p>` };
      });
      expect(saves.length).toBeGreaterThanOrEqual(4);
      expect(saves.some((one) => one.role === 'owner')).toBe(true);
      const answers = await Promise.all(saves.map(({ role, text, id }) => save(role, text, id)));

      saves.forEach(({ id, role, text }, index) => {
        expect(answers[index]).toMatchObject({
          status: 200,
          body: { id, comment: text, author: { id: f.people[role].id } },
        });
      });
      for (const { id, role, text } of saves) {
        expect(await stream.waitFor((message) => message.value === text)).toMatchObject({
          res_id: id,
          user_id: f.people[role].id,
          strategy_id: f.strategy,
        });
        expect((await historyOf(id))[0]).toMatchObject({ new_value: text });
      }
    });

    it('should write the autosaves that wait for a statement together, each checked on its own', async () => {
      const ids = await pageComments();
      // The last two by people who may not edit them: among the others, in the same statement.
      const writers: Role[] = ids.map((_, index) =>
        index === ids.length - 1 ? 'otherOrganisation' : index === ids.length - 2 ? 'noRole' : 'master',
      );
      const keys = await Promise.all(writers.map(async (role) => (await userOf(role)).keyHash));
      const queue = autosaveQueueOf(server.ctx.db);
      server.queries.length = 0;
      const written = await Promise.all(
        ids.map((id, index) =>
          queue.write({
            keyHash: keys[index]!,
            id,
            edit: { value: `<p>Queued ${++edits}</p>`, since: undefined },
          }),
        ),
      );
      expect(written.map((row) => row?.id)).toEqual(
        ids.map((id, index) => (writers[index] === 'master' ? id : undefined)),
      );
      expect(written.map((row) => row?.user_id)).toEqual(
        writers.map((role) => (role === 'master' ? f.people.master.id : undefined)),
      );
      // Two go at once; the others wait for the first to end and then go in one.
      expect(statementsOfAutosaves()).toHaveLength(3);
    });

    it("should write one comment's autosaves in the order they arrived", async () => {
      const user = await userOf('master');
      const texts = [1, 2, 3, 4, 5, 6].map((n) => `<p>In order ${++edits}.${n}</p>`);
      const queue = autosaveQueueOf(server.ctx.db);
      const written = await Promise.all(
        texts.map((value) =>
          queue.write({ keyHash: user.keyHash, id: f.comment, edit: { value, since: undefined } }),
        ),
      );
      const versions = written.map((row) => row?.version);
      expect(versions).toEqual([...versions].sort((a, b) => a! - b!));
      expect(new Set(versions).size).toBe(texts.length);
      const history = await historyOf(f.comment);
      expect(
        history.slice(0, texts.length).map((entry) => (entry as { new_value?: string }).new_value),
      ).toEqual([...texts].reverse());
    });

    it("should not hold back one comment's autosave behind a flood of another's", async () => {
      const user = await userOf('master');
      const other = (await pageComments()).find((id) => id !== f.comment)!;
      const queue = autosaveQueueOf(server.ctx.db);
      const resolved: string[] = [];
      const write = (id: number, label: string) =>
        queue
          .write({
            keyHash: user.keyHash,
            id,
            edit: { value: `<p>${label} ${++edits}</p>`, since: undefined },
          })
          .then((row) => {
            resolved.push(label);
            return row;
          });
      // On PostgreSQL the flood's first autosave is held on its row lock (another connection has
      // the row), so the other comment's must be written while the whole flood waits. PGlite runs
      // one statement after another, in the order they were sent, so there it goes second.
      const rowHolder = server.databaseUrl ? new pg.Client({ connectionString: server.databaseUrl }) : null;
      await rowHolder?.connect();
      try {
        await rowHolder?.query('begin');
        await rowHolder?.query('select id from comments where id = $1 for update', [f.comment]);
        const flood = Array.from({ length: 20 }, (_, n) => write(f.comment, `flood ${n}`));
        const written = await Promise.race([
          write(other, 'other'),
          sleep(5000).then(() => 'still waiting behind the flood'),
        ]);
        expect(written).toMatchObject({ id: other });
        await rowHolder?.query('rollback');
        expect((await Promise.all(flood)).every((row) => row !== undefined)).toBe(true);
        expect(resolved.indexOf('other')).toBeLessThan(resolved.indexOf('flood 1'));
      } finally {
        await rowHolder?.end();
      }
    });

    it('should answer a refusal in a statement to its autosave alone, the others written', async () => {
      const locks = lockApi(server.api);
      const field = { model: 'comment', res_id: f.comment, field: 'comment' };
      expect((await locks.lock(f.people.owner.key, field)).status).toBe(200);
      try {
        const others = (await pageComments()).filter((id) => id !== f.comment);
        const refused = `<p>Held by the owner ${++edits}</p>`;
        const answers = await Promise.all([
          ...others.map((id) => save('master', `<p>Beside a refusal ${++edits}</p>`, id)),
          save('teamMember', refused),
          save('master', `<p>Out of history ${++edits}</p>`, f.historicComment),
        ]);
        expect(answers.slice(0, others.length).map((answer) => answer.status)).toEqual(others.map(() => 200));
        expect(answers[others.length]).toMatchObject({ status: 409, body: { code: 'field_locked' } });
        expect(answers[others.length + 1]!.status).toBe(409);
        expect((await historyOf(f.comment))[0]).not.toMatchObject({ new_value: refused });
      } finally {
        expect((await locks.unlock(f.people.owner.key, field)).status).toBe(200);
      }
    });

    it("should answer a statement's failure to the autosave that caused it alone", async () => {
      const boom = '<p>Refused by a trigger</p>';
      const { db } = server.ctx;
      await db.execute(
        sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$
        begin
          if new.comment = '${boom}' then raise exception 'refused by the test'; end if;
          return new;
        end $$`),
      );
      await db.execute(
        sql.raw(
          'create trigger refuse_boom before update on comments for each row execute function refuse_boom()',
        ),
      );
      try {
        const user = await userOf('master');
        const ids = await pageComments();
        const queue = autosaveQueueOf(db);
        // The first two go at once, the rest wait and go together: the failing one among them.
        const values = ids.map((id, index) =>
          index === 3 ? boom : `<p>Beside a failure ${++edits} on ${id}</p>`,
        );
        const results = await Promise.allSettled(
          ids.map((id, index) =>
            queue.write({ keyHash: user.keyHash, id, edit: { value: values[index]!, since: undefined } }),
          ),
        );
        results.forEach((result, index) => {
          if (index === 3) expect(result).toMatchObject({ status: 'rejected' });
          else
            expect(result).toMatchObject({
              status: 'fulfilled',
              value: { id: ids[index], version: expect.any(Number) },
            });
        });
      } finally {
        await db.execute(sql.raw('drop trigger refuse_boom on comments'));
        await db.execute(sql.raw('drop function refuse_boom'));
      }
    });
  });
});
