/**
 * The per-person limits on work (security audit 3, finding 4): a daily quota of new strategies per
 * person and per organisation (counted in the database), and a write rate per signed-in person,
 * generous enough that a fast typist's autosaves never meet it. Each refusal is a 429 with the
 * contract's message and Retry-After. The defaults are the ones a server starts with.
 */
import { EXAMPLE_STRATEGY_TEXTS, MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { FakeClock } from './helpers/progress';
import { type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const DEFAULTS = loadConfig({});
const DAY_SECONDS = 24 * 60 * 60;

describe('the daily quota of new strategies', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await getTestServer({
      strategiesPerPersonPerDay: DEFAULTS.strategiesPerPersonPerDay,
      strategiesPerOrganisationPerDay: DEFAULTS.strategiesPerOrganisationPerDay,
    });
  });
  afterAll(() => server.close());

  it('should start with 100 strategies a person and 1,000 an organisation a day', () => {
    expect(DEFAULTS.strategiesPerPersonPerDay).toBe(100);
    expect(DEFAULTS.strategiesPerOrganisationPerDay).toBe(1000);
  });

  it('should refuse the 101st strategy of a person’s day with 429 and say so, counting examples too', async () => {
    const member = await signedInUser(server);
    const api = strategyApi(server);
    const example = await server.api('POST', '/api/strategy/example/', { token: member.key });
    expect(example.status).toBe(201);
    for (let n = 2; n <= 100; n += 1) await api.create(member.key, { title: `Plan ${n}` });

    const refused = await server.api('POST', '/api/strategy/create/', {
      token: member.key,
      body: { title: 'One too many' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(MESSAGES.strategiesPerPersonReached);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(DAY_SECONDS - 600);
    expect(retryAfter).toBeLessThanOrEqual(DAY_SECONDS);
    expect(refused.body.retry_after).toBe(retryAfter);

    const refusedExample = await server.api('POST', '/api/strategy/example/', { token: member.key });
    expect(refusedExample.status).toBe(429);
    expect(refusedExample.body.detail).toBe(MESSAGES.strategiesPerPersonReached);
    expect(refusedExample.body.detail).not.toBe(EXAMPLE_STRATEGY_TEXTS.tooMany);
    expect(await api.listedIds(member.key)).toHaveLength(100);

    // A colleague in the same organisation has a quota of their own.
    const colleague = await signedInUser(server, { organisationId: member.organisationId });
    await api.create(colleague.key, { title: 'Mine' });
  });
});

describe('the daily quota of an organisation', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await getTestServer({ strategiesPerPersonPerDay: 100, strategiesPerOrganisationPerDay: 3 });
  });
  afterAll(() => server.close());

  it('should refuse a strategy past the organisation’s quota, whoever asks, and not another organisation’s', async () => {
    const api = strategyApi(server);
    const first = await signedInUser(server);
    const second = await signedInUser(server, { organisationId: first.organisationId });
    await api.create(first.key);
    await api.create(second.key);
    await api.create(first.key);
    const refused = await server.api('POST', '/api/strategy/create/', { token: second.key, body: {} });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(MESSAGES.strategiesPerOrganisationReached);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const outsider = await signedInUser(server, { organisationId: await server.createOrganisation() });
    await api.create(outsider.key);
  });
});

describe('the write rate of a person', () => {
  let server: TestServer;
  const clock = new FakeClock('2026-11-28T09:00:00Z');
  let typist: Member;
  let commentId: number;

  beforeAll(async () => {
    server = await getTestServer(
      { writesPerMinute: DEFAULTS.writesPerMinute, writeBurst: DEFAULTS.writeBurst },
      { clock },
    );
    typist = await signedInUser(server);
    const strategy = await strategyApi(server).create(typist.key);
    commentId = strategy.focus_areas[0]!.initiatives[0]!.comments[0]!.id;
  });
  afterAll(() => server.close());

  const autosave = (member: Member, text: string) =>
    server.api('PATCH', `/api/comments/update/${commentId}/`, {
      token: member.key,
      body: { comment: `<p>${text}</p>` },
    });

  it('should start with 600 writes a minute, in bursts of at most 120', () => {
    expect(DEFAULTS.writesPerMinute).toBe(600);
    expect(DEFAULTS.writeBurst).toBe(120);
  });

  it('should take every autosave of a fast typist, 5 a second for a minute', async () => {
    for (let n = 1; n <= 300; n += 1) {
      const answer = await autosave(typist, 'x'.repeat(n));
      expect(answer.status, `autosave ${n}`).toBe(200);
      clock.advance(200);
    }
  });

  it('should refuse a burst of writes past the limit with 429 and Retry-After, and take them again after the wait', async () => {
    clock.advance(60_000);
    const answers = [];
    for (let n = 0; n < 200; n += 1) answers.push(await autosave(typist, `burst ${n}`));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(DEFAULTS.writeBurst);
    expect(refused).toHaveLength(200 - DEFAULTS.writeBurst);
    expect(refused[0]!.body.detail).toBe(MESSAGES.tooManyWrites);
    expect(refused[0]!.headers['retry-after']).toBe('1');

    // Reading is never limited, nor is anyone else's writing.
    expect((await server.api('GET', '/api/strategies/', { token: typist.key })).status).toBe(200);
    const colleague = await signedInUser(server, { organisationId: typist.organisationId });
    expect(
      (await server.api('POST', '/api/strategy/create/', { token: colleague.key, body: {} })).status,
    ).toBe(201);

    clock.advance(1_000);
    expect((await autosave(typist, 'after the wait')).status).toBe(200);
  });

  it('should keep taking writes when the clock is set back (a test clock moved to an earlier day)', async () => {
    clock.advance(60_000);
    clock.set('2026-11-01T09:00:00Z');
    const answer = await autosave(typist, 'written on an earlier day');
    expect(answer.status).toBe(200);
  });
});
