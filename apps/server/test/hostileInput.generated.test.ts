/**
 * Hostile input to every call of the contract's endpoint declarations (API_ENDPOINTS), generated: wrong types
 * in every field, fields left out and added, prototype keys, huge strings and bodies, deep JSON,
 * malformed JSON and bodies that are not JSON, NUL and lone surrogates, odd unicode, SQL and
 * script payloads, ids of another organisation, of deleted records and absurd ones. Every
 * answer is a 4xx with a detail (or a 2xx where the input is fine), never a 5xx, never a byte of
 * the other organisation's data; and that organisation's data is exactly as it was afterwards.
 */
import type { Endpoint, Strategy } from '@keystone/contract';
import { API_ENDPOINTS } from '@keystone/contract/endpoints';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Attack, type AttackContext, attacksOn, fits, requestJsonSchema } from './helpers/routeAttacks';
import { type Ids, validBody } from './helpers/routeSamples';
import { type ApiResponse, getTestServer, type TestServer, type TestUser } from './helpers/testServer';

/** Every piece of the victim's data carries this mark; no answer to the attacker may hold it. */
const CANARY = 'zq7';
const CONNECTION_ID = 'attacker-connection-1';
const ROUTES = API_ENDPOINTS.filter((route) => route.tag !== 'operations');

interface Texts {
  title: string;
  area: string;
  initiative: string;
  timeline: string;
  comment: string;
  measure: string;
  recipients: string;
}

const uidOf = (user: { id: number }) => Buffer.from(String(user.id)).toString('base64url');

async function ok(response: Promise<ApiResponse>, what: string): Promise<ApiResponse> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** A strategy with a written focus area, initiative, timeline row, comment and settings. */
async function buildStrategy(server: TestServer, key: string, user: TestUser, texts: Texts): Promise<Ids> {
  const call = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
    ok(server.api(method, path, { token: key, body }), `${method} ${path}`);
  const created: Strategy = (
    await call('POST', '/api/strategy/create/', { title: texts.title, ambition: `<p>${texts.title}</p>` })
  ).body;
  const area = created.focus_areas[0]!;
  const initiative = area.initiatives[0]!;
  await call('PATCH', `/api/focusarea/update/${area.id}/`, { title: texts.area });
  await call('PATCH', `/api/initiative/update/${initiative.id}/`, {
    title: texts.initiative,
    problem_statement: `<p>${texts.initiative}</p>`,
  });
  const timeline = (
    await call('POST', '/api/timeline/create/', { initiative: initiative.id, description: texts.timeline })
  ).body;
  const comment = initiative.comments[0]!;
  await call('PATCH', `/api/comments/update/${comment.id}/`, { comment: `<p>${texts.comment}</p>` });
  const measure = (
    await call('POST', '/api/measures/create/', {
      initiative: initiative.id,
      title: texts.measure,
      unit: 'number',
      baseline: 0,
      target: 10,
      direction: 'increase',
    })
  ).body;
  await call('PATCH', `/api/measures/reading/${measure.id}/`, { value: '3', note: texts.measure });
  await call('PATCH', `/api/notification-settings/update/${created.id}/`, {
    additional_recipients: texts.recipients,
  });
  // A session of its own (the newest), so ending it never ends the key the attacks use.
  const sessionKey = await server.loginAs(user);
  const [session] = (await ok(server.api('GET', '/api/auth/sessions/', { token: sessionKey }), 'sessions'))
    .body;
  const invitee = `invitee-${texts.title.toLowerCase().replace(/\W+/g, '-')}@example.com`;
  await call('POST', '/api/invites/create/', [invitee]);
  const invites: { id: number; email: string }[] = (
    await ok(server.api('GET', '/api/invites/', { token: key }), 'invites')
  ).body;
  const { scim_token: scimToken } = (
    await call('POST', '/api/organisation/scim-tokens/', { name: `SCIM ${texts.title}` })
  ).body;
  const { access_token: accessToken } = (
    await call('POST', '/api/access-tokens/', {
      name: `Script ${texts.title}`,
      scope: 'read',
      expires_in_days: 7,
    })
  ).body;
  const { endpoint: webhook } = (
    await call('POST', `/api/strategy/${created.id}/webhooks/`, {
      kind: 'standard',
      url: 'http://127.0.0.1:9/hook',
      description: texts.title,
      events: ['strategy.updated'],
    })
  ).body;
  await call('POST', `/api/webhooks/${webhook.id}/test/`, undefined);
  const deliveries = (
    await ok(server.api('GET', `/api/webhooks/${webhook.id}/deliveries/`, { token: key }), 'deliveries')
  ).body;
  return {
    strategy: created.id,
    area: area.id,
    initiative: initiative.id,
    timeline: timeline.id,
    comment: comment.id,
    measure: measure.id,
    session: session.id,
    uid: uidOf(user),
    member: user.id,
    invite: invites.find((invite) => invite.email === invitee)!.id,
    scimToken: scimToken.id,
    accessToken: accessToken.id,
    webhook: webhook.id,
    webhookDelivery: deliveries.deliveries[0].id,
  };
}

/** What is wrong with an answer to an attack (`validStatus`: what the valid request got), or null. */
function judge(attack: Attack, response: ApiResponse, validStatus: number | undefined): string | null {
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  const said = `${response.status} ${String(text).slice(0, 200)}`;
  if (response.status >= 500) return `answered ${said}`;
  if (String(text).toLowerCase().includes(CANARY)) return `leaked the other organisation's data: ${said}`;
  if (response.status >= 400 && typeof response.body?.detail !== 'string') return `no detail: ${said}`;
  if (attack.expect === 'refused' && response.status < 400) return `accepted: ${said}`;
  if (attack.expect === 'asValid' && response.status !== validStatus)
    return `expected ${validStatus} as for the valid request, answered ${said}`;
  if (attack.status !== undefined && response.status !== attack.status)
    return `expected ${attack.status}, answered ${said}`;
  if (attack.detail !== undefined && response.body?.detail !== attack.detail)
    return `expected the detail ${JSON.stringify(attack.detail)}: ${said}`;
  if (attack.errors && JSON.stringify(response.body?.errors) !== JSON.stringify(attack.errors))
    return `expected the errors ${JSON.stringify(attack.errors)}: ${said}`;
  if (attack.richField && response.status < 300) {
    const stored = response.body?.[attack.richField];
    if (typeof stored === 'string' && /<script|onerror|javascript:/i.test(stored))
      return `stored script in ${attack.richField}: ${stored}`;
  }
  return null;
}

/** Every string of rich text on a strategy page (its own title is plain text, shown as text). */
function richTexts(page: Strategy): string[] {
  return [
    page.ambition,
    ...page.focus_areas.flatMap((area) => [
      area.title,
      ...area.initiatives.flatMap((initiative) => [
        initiative.title,
        initiative.problem_statement,
        initiative.in_scope,
        initiative.out_scope,
        initiative.deliverables,
        initiative.risks_and_dependencies,
        initiative.impact,
        initiative.investment,
        initiative.work_plan,
        ...initiative.comments.map((comment) => comment.comment),
      ]),
    ]),
  ];
}

describe('generated hostile input: every call of the route table', () => {
  let server: TestServer;
  let oidc: OAuth2Server;
  let attacker: TestUser;
  let attackerKey: string;
  let victim: TestUser;
  let victimKey: string;
  let ctx: AttackContext;
  let before: unknown;

  const victimView = async () => {
    const get = async (path: string) => {
      const response = await server.api('GET', path, { token: victimKey });
      return { status: response.status, body: response.body };
    };
    const { strategy, initiative } = ctx.victim;
    return {
      strategies: await get('/api/strategies/'),
      page: await get(`/api/strategy/${strategy}`),
      initiative: await get(`/api/initiative/${initiative}`),
      timelines: await get(`/api/initiative/${initiative}/timelines/`),
      settings: await get(`/api/notification-settings/${strategy}/`),
      lockedDates: await get(`/api/locked-comment-dates/${strategy}/`),
      statusHistory: await get(`/api/status-history/${strategy}/`),
      lockedFields: await get(`/api/locked-fields/?strategy=${strategy}`),
      details: await get('/api/get-user-details/'),
      users: await get('/api/users/'),
      invites: await get('/api/invites/'),
    };
  };

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    server = await getTestServer({
      authRateLimit: 100_000,
      // The webhooks' samples point at a loopback port nobody listens on.
      webhooksAllowPrivateTargets: true,
      google: { issuer: oidc.issuer.url!, clientId: 'keystone-test', clientSecret: 's' },
    });
    // An administrator, so the administrators' calls are attacked past their role check too.
    attacker = await server.createUser({ email: 'attacker@evil.com', firstName: 'Eve', isAdmin: true });
    await server.invite('newcomer@evil.com', attacker.organisationId);
    victim = await server.createUser({
      email: `victim-${CANARY}@good.com`,
      firstName: 'Vic',
      lastName: CANARY,
      // An administrator too, so the organisation holds records only administrators make (SCIM tokens).
      isAdmin: true,
    });
    await server.createUser({ email: `colleague-${CANARY}@good.com`, organisationId: victim.organisationId });
    await server.invite(`pending-${CANARY}@good.com`, victim.organisationId);
    attackerKey = await server.loginAs(attacker);
    victimKey = await server.loginAs(victim);
    const mark = (what: string) => `${what} ${CANARY}`;
    const victimIds = await buildStrategy(server, victimKey, victim, {
      title: mark('Victim strategy'),
      area: mark('Victim area'),
      initiative: mark('Victim initiative'),
      timeline: mark('Victim step'),
      comment: mark('Victim progress'),
      measure: mark('Victim measure'),
      recipients: `recipient-${CANARY}@good.com`,
    });
    const plain = {
      title: 'Own strategy',
      area: 'Own area',
      initiative: 'Own initiative',
      timeline: 'Own step',
      comment: 'Own progress',
      measure: 'Own measure',
      recipients: 'ann@example.com',
    };
    const own = await buildStrategy(server, attackerKey, attacker, plain);
    const doomed = await buildStrategy(server, attackerKey, attacker, plain);
    await ok(
      server.api('DELETE', `/api/strategy/delete/${doomed.strategy}/`, { token: attackerKey }),
      'delete strategy',
    );
    await ok(
      server.api('DELETE', `/api/auth/sessions/${doomed.session}/`, { token: attackerKey }),
      'end session',
    );
    ctx = {
      own,
      victim: victimIds,
      deleted: {
        ...doomed,
        uid: uidOf({ id: 2_147_483_647 }),
        member: 2_147_483_647,
        invite: 2_147_483_647,
        scimToken: 2_147_483_647,
        accessToken: 2_147_483_647,
        webhook: 2_147_483_647,
        webhookDelivery: 2_147_483_647,
      },
      caller: { id: attacker.id, email: attacker.email },
      victimOwner: { organisationId: victim.organisationId, userId: victim.id },
    };
    before = await victimView();
  });
  afterAll(async () => {
    await server?.close();
    await oidc?.stop();
  });

  /** Logging out ends the key it is sent with, so a key-ending call gets a key of its own. */
  const keyFor = async (route: Endpoint, attack: Attack): Promise<string | undefined> => {
    if (attack.key === 'none') return undefined;
    if (attack.key === 'bogus') return 'bogus-key';
    if (route.tag === 'auth' && route.auth) return server.loginAs(attacker);
    return attackerKey;
  };

  it('should have a valid body, of the request schema, for every call that takes one', () => {
    for (const route of ROUTES) {
      const schema = requestJsonSchema(route);
      if (schema) expect(fits(schema, validBody(route, ctx.own, ctx.caller)), route.path).toBe(true);
    }
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'should answer every hostile request to %s with a 4xx and a detail, never a 5xx or a leak',
    async (_name, route) => {
      const failures: string[] = [];
      const attacks = attacksOn(route, ctx);
      const undo = API_ENDPOINTS.find(
        (other) =>
          other.method === 'DELETE' && other.path === route.path.replace(/create\/$/, 'delete/{id}/'),
      );
      expect(attacks.length).toBeGreaterThan(3);
      let validStatus: number | undefined;
      for (const attack of attacks) {
        const response = await server.api(route.method, attack.path, {
          token: await keyFor(route, attack),
          headers: { 'x-connection-id': CONNECTION_ID, ...attack.headers },
          ...(attack.payload !== undefined && { body: attack.payload }),
        });
        if (attack.label === 'valid') validStatus = response.status;
        const problem = judge(attack, response, validStatus);
        if (problem) failures.push(`${attack.label}: ${problem}`);
        // A record the attack created goes again, so the next attack is not refused for a full list.
        if (undo && response.status === 201 && typeof response.body?.id === 'number') {
          await server.api('DELETE', undo.path.replace('{id}', String(response.body.id)), {
            token: attackerKey,
          });
        }
      }
      // Ending the other sessions (revoke-others) also ended the shared key: the next calls get a live one.
      if (route.tag === 'auth' && route.auth) attackerKey = await server.loginAs(attacker);
      expect(failures).toEqual([]);
    },
    60_000,
  );

  it("should leave the other organisation's data exactly as it was", async () => {
    expect(await victimView()).toEqual(before);
    const login = await server.api('POST', '/api/auth/login/', {
      body: { email: victim.email, password: victim.password },
    });
    expect(login.status).toBe(200);
  });

  it("should keep script out of every rich text the attacks stored on the attacker's pages", async () => {
    const listed = await server.api('GET', '/api/strategies/', { token: attackerKey });
    expect(listed.status).toBe(200);
    for (const { id } of listed.body as Array<{ id: number }>) {
      const page: Strategy = (await server.api('GET', `/api/strategy/${id}`, { token: attackerKey })).body;
      for (const html of richTexts(page)) expect(html).not.toMatch(/<script|onerror|javascript:/i);
    }
  });
});
