/**
 * A server with two organisations for the hand-written hostile-input tests: an attacker who
 * sends the input, and a victim whose data must never change. (Every call's generated attacks
 * are in hostileInput.generated.test.ts.)
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import { type ApiResponse, getTestServer, type TestServer, type TestUser } from './testServer';

export function expectClientError(response: ApiResponse, status?: number): void {
  const context = JSON.stringify(response.body).slice(0, 300);
  if (status) expect(response.status, context).toBe(status);
  expect(response.status, context).toBeGreaterThanOrEqual(400);
  expect(response.status, context).toBeLessThan(500);
  expect(typeof response.body.detail, context).toBe('string');
}

export interface HostileServer {
  server: TestServer;
  attackerKey: string;
  victim: TestUser;
  /** What the victim sees of their own organisation. */
  victimView(): Promise<unknown>;
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
    async close() {
      await server.close();
      await oidc.stop();
    },
  };
}
