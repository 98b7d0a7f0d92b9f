/**
 * Hostile requests outside any one call's body: unknown paths, odd reset links and tokens, odd
 * headers. Malformed, oversized, deep and non-JSON bodies of every call are generated in
 * hostileInput.generated.test.ts.
 */
import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClientError, type HostileServer, startHostileServer } from './helpers/hostile';

describe('hostile requests', () => {
  let hostile: HostileServer;
  let before: unknown;
  beforeAll(async () => {
    hostile = await startHostileServer();
    before = await hostile.victimView();
  });
  afterAll(() => hostile.close());

  describe('paths', () => {
    it.each([
      ['GET', '/api/nope/'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['POST', '/api/auth/unknown/'],
      ['PUT', '/api/auth/login/'],
      ['DELETE', '/api/users/'],
      ['GET', '/api/users/1/'],
      ['GET', "/api/users/' OR 1=1 --/"],
      ['GET', '/api/..%2F..%2Fetc%2Fpasswd'],
    ] as const)('should answer %s %s with 404 {detail}', async (method, path) => {
      const response = await hostile.server.api(method, path, { token: hostile.attackerKey });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: MESSAGES.notFound });
    });

    it.each([
      ['a NUL character', 'MQ', '%00', 400, MESSAGES.resetLinkInvalid],
      ['a lone surrogate', 'MQ', '%ED%A0%80', 400, 'The address of the request is not valid.'],
      ['a lone percent sign', 'MQ', '%', 400, 'The address of the request is not valid.'],
      ['a dotted path', '..', '..', 404, MESSAGES.notFound],
      ['an SQL payload', "'%20OR%201=1%20--", 'x', 400, MESSAGES.resetLinkInvalid],
      ['a very long token', 'MQ', 'x'.repeat(2000), 414, 'The address of the request is too long.'],
    ])('should refuse a reset link with %s', async (_name, uid, token, status, detail) => {
      const response = await hostile.server.api('POST', `/api/auth/password/reset/confirm/${uid}/${token}/`, {
        body: { new_password1: 'Owned-pass1!', new_password2: 'Owned-pass1!' },
      });
      expectClientError(response, status);
      expect(response.body).toEqual({ detail });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('should answer a verification with odd tokens by a 400 with a detail, never a 500', async () => {
      for (const key of ['\u0000', '\ud800', 'x'.repeat(400), "' OR 1=1 --", '%00', 'x']) {
        const response = await hostile.server.api('POST', '/api/auth/registration/verify-email/', {
          body: { key, password: 'Owned-pass1!' },
        });
        expect(response.status).toBe(400);
        expect(typeof response.body.detail).toBe('string');
      }
    });
  });

  describe('headers', () => {
    it.each([
      ['a success', 'GET', '/api/config/', 200],
      ['a validation error', 'POST', '/api/auth/login/', 400],
      ['a missing page', 'GET', '/api/nope/', 404],
    ] as const)(
      'should send the security headers and a request id on %s',
      async (_name, method, path, status) => {
        const response = await hostile.server.api(method, path, method === 'POST' ? { body: {} } : {});
        expect(response.status).toBe(status);
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      },
    );

    it("should keep a sane caller's request id and replace an odd one", async () => {
      const sane = await hostile.server.api('GET', '/api/config/', {
        headers: { 'x-request-id': 'trace-42.a_b' },
      });
      expect(sane.headers['x-request-id']).toBe('trace-42.a_b');
      for (const odd of ['has spaces', 'x'.repeat(101), '<script>', "' OR 1=1"]) {
        const response = await hostile.server.api('GET', '/api/config/', {
          headers: { 'x-request-id': odd },
        });
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it.each([
      `Token ${'é'.repeat(20)}`,
      "Token ' OR 1=1 --",
      "Token '--",
      'Token %00',
      'Token null',
      'Basic YWRtaW46YWRtaW4=',
    ])('should answer the Authorization header %j with 403 "Invalid token."', async (authorization) => {
      const response = await hostile.server.api('GET', '/api/users/', { headers: { authorization } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.invalidToken });
    });
  });

  it("should leave the other organisation's data exactly as it was", async () => {
    expect(await hostile.victimView()).toEqual(before);
  });
});
