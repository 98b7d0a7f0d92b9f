/**
 * The calls under attack in the hostile-input tests, and a server with two organisations:
 * an attacker who sends the input, and a victim whose data must never change.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import { type ApiResponse, getTestServer, type TestServer, type TestUser } from './testServer';

/** One call under attack: a valid body, and which of its string fields are required. */
export interface Endpoint {
  name: string;
  method: 'POST' | 'PATCH';
  path: string;
  auth: boolean;
  valid: Record<string, unknown> | unknown[];
  required: string[];
  optional: string[];
}

export const ENDPOINTS: Endpoint[] = [
  {
    name: 'login',
    method: 'POST',
    path: '/api/auth/login/',
    auth: false,
    valid: { email: 'attacker@evil.com', password: 'Wrong-pass1!' },
    required: ['email', 'password'],
    optional: [],
  },
  {
    name: 'registration',
    method: 'POST',
    path: '/api/auth/registration/',
    auth: false,
    valid: {
      email: 'newcomer@evil.com',
      password1: 'Good-pass1!',
      password2: 'Good-pass1!',
      first_name: 'New',
      last_name: 'Comer',
    },
    required: ['email', 'password1', 'password2', 'first_name', 'last_name'],
    optional: [],
  },
  {
    name: 'password reset',
    method: 'POST',
    path: '/api/auth/password/reset/',
    auth: false,
    valid: { email: 'attacker@evil.com' },
    required: ['email'],
    optional: [],
  },
  {
    name: 'password reset confirm',
    method: 'POST',
    path: '/api/auth/password/reset/confirm/MQ/garbage/',
    auth: false,
    valid: { uid: 'MQ', token: 'garbage', new_password1: 'Good-pass1!', new_password2: 'Good-pass1!' },
    required: ['new_password1', 'new_password2'],
    optional: ['uid', 'token'],
  },
  {
    name: 'google',
    method: 'POST',
    path: '/api/auth/social/google',
    auth: false,
    valid: { code: 'some-code' },
    required: ['code'],
    optional: [],
  },
  {
    name: 'update user details',
    method: 'PATCH',
    path: '/api/update-user-details/',
    auth: true,
    valid: { email: 'attacker@evil.com', first_name: 'Eve', last_name: 'Attacker', business_title: 'Spy' },
    required: [],
    optional: ['email', 'first_name', 'last_name', 'business_title'],
  },
  // No strategy exists on this server: a body that passes validation is answered 404.
  {
    name: 'notification settings update',
    method: 'PATCH',
    path: '/api/notification-settings/update/1/',
    auth: true,
    valid: { time_zone: 'Europe/Berlin', update_frequency_unit: 'week' },
    required: [],
    optional: ['time_zone', 'update_frequency_unit'],
  },
  {
    name: 'comment update',
    method: 'PATCH',
    path: '/api/comments/update/1/',
    auth: true,
    valid: { comment: '<p>Progress</p>' },
    required: ['comment'],
    optional: [],
  },
  {
    name: 'locked comments',
    method: 'POST',
    path: '/api/locked-comments/',
    auth: true,
    valid: { strategy_id: 1, date: '2026-03-02T09:00:00Z' },
    required: ['date'],
    optional: [],
  },
  {
    name: 'invites create',
    method: 'POST',
    path: '/api/invites/create/',
    auth: true,
    valid: ['friend@evil.com'],
    required: ['0'],
    optional: [],
  },
];

/** Every field of the endpoint's body that holds text. */
export const fieldsOf = (endpoint: Endpoint) => [...endpoint.required, ...endpoint.optional];

export function withField(body: Endpoint['valid'], field: string, value: unknown): unknown {
  if (Array.isArray(body)) return body.map((entry, index) => (String(index) === field ? value : entry));
  return { ...body, [field]: value };
}

export function withoutField(body: Endpoint['valid'], field: string): unknown {
  if (Array.isArray(body)) return body.filter((_entry, index) => String(index) !== field);
  const { [field]: _removed, ...rest } = body;
  return rest;
}

export function expectClientError(response: ApiResponse, status?: number): void {
  const context = JSON.stringify(response.body).slice(0, 300);
  if (status) expect(response.status, context).toBe(status);
  expect(response.status, context).toBeGreaterThanOrEqual(400);
  expect(response.status, context).toBeLessThan(500);
  expect(typeof response.body.detail, context).toBe('string');
}

/** Never a 500; a refusal always says why. */
export function expectHandled(response: ApiResponse): void {
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBeLessThan(500);
  if (response.status >= 400) expect(typeof response.body.detail).toBe('string');
}

export interface HostileServer {
  server: TestServer;
  attackerKey: string;
  victim: TestUser;
  /** What the victim sees of their own organisation. */
  victimView(): Promise<unknown>;
  send(endpoint: Endpoint, body: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  close(): Promise<void>;
}

export async function startHostileServer(): Promise<HostileServer> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const server = await getTestServer({
    google: { issuer: oidc.issuer.url!, clientId: 'keystone-test', clientSecret: 's' },
  });
  const attacker = await server.createUser({ email: 'attacker@evil.com' });
  await server.invite('newcomer@evil.com', attacker.organisationId);
  const victim = await server.createUser({ email: 'victim@good.com', firstName: 'Vic', lastName: 'Tim' });
  await server.invite('pending@good.com', victim.organisationId);
  const attackerKey = await server.loginAs(attacker);
  const victimKey = await server.loginAs(victim);
  return {
    server,
    attackerKey,
    victim,
    victimView: async () => ({
      details: (await server.api('GET', '/api/get-user-details/', { token: victimKey })).body,
      users: (await server.api('GET', '/api/users/', { token: victimKey })).body,
      invites: (await server.api('GET', '/api/invites/', { token: victimKey })).body,
    }),
    send: (endpoint, body, headers) =>
      server.api(endpoint.method, endpoint.path, {
        body,
        headers,
        ...(endpoint.auth && { token: attackerKey }),
      }),
    async close() {
      await server.close();
      await oidc.stop();
    },
  };
}
