/** Hostile input in the body of every call: wrong types, missing and extra fields, odd text. */
import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  expectClientError,
  expectHandled,
  fieldsOf,
  type HostileServer,
  startHostileServer,
  withField,
  withoutField,
} from './helpers/hostile';

const WRONG_TYPES: unknown[] = [42, 1.5, true, null, [], ['text'], {}, { $gt: '' }];
const HUGE = 'a'.repeat(100_000);
const HUGE_NAME = '100,000 characters';
const ALWAYS_REFUSED: Array<[string, string]> = [
  ['a NUL character', 'ab\u0000c@evil.com'],
  ['a lone high surrogate', '\ud800x@evil.com'],
  ['a lone low surrogate', 'x\udc00@evil.com'],
  [HUGE_NAME, HUGE],
];
const ODD_TEXT = [
  '😀👩‍👩‍👧‍👦@evil.com',
  'مرحبا\u202eevil@evil.com',
  'a\u200b\u200d\ufeff@evil.com',
  'e\u0301\u0301\u0301',
  "' OR 1=1 --",
  "Robert'); DROP TABLE users;--",
  '"; select pg_sleep(5); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}} #{7*7} <%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%27',
  '   ',
];

describe('hostile input', () => {
  let hostile: HostileServer;
  let before: unknown;
  beforeAll(async () => {
    hostile = await startHostileServer();
    before = await hostile.victimView();
  });
  afterAll(() => hostile.close());
  const send: HostileServer['send'] = (...args) => hostile.send(...args);

  describe.each(ENDPOINTS)('$name', (endpoint) => {
    const fields = fieldsOf(endpoint);

    it('should refuse wrong types in every field with 400', async () => {
      for (const field of fields) {
        for (const value of WRONG_TYPES) {
          expectClientError(await send(endpoint, withField(endpoint.valid, field, value)), 400);
        }
      }
    });

    it('should refuse a body of the wrong type with 400', async () => {
      for (const body of [42, 'text', true, [[]], [{ email: 'a@b.com' }]]) {
        expectClientError(await send(endpoint, JSON.stringify(body)), 400);
      }
      expectHandled(await send(endpoint, 'null'));
    });

    it('should refuse missing required fields with 400', async () => {
      for (const field of endpoint.required) {
        expectClientError(await send(endpoint, withoutField(endpoint.valid, field)), 400);
      }
      if (endpoint.required.length > 0) expectClientError(await send(endpoint, {}), 400);
    });

    it('should ignore extra fields', async () => {
      const plain = await send(endpoint, endpoint.valid);
      expectHandled(plain);
      const extra = {
        is_admin: true,
        is_active: false,
        organisation_id: hostile.victim.organisationId,
        user_id: hostile.victim.id,
      };
      const body = Array.isArray(endpoint.valid)
        ? { emails: endpoint.valid, ...extra }
        : { ...endpoint.valid, ...extra };
      const response = await send(endpoint, body);
      expect(response.status).toBe(plain.status);
    });

    it.each(ALWAYS_REFUSED)('should refuse %s in any field with 400', async (name, value) => {
      for (const field of fields) {
        const response = await send(endpoint, withField(endpoint.valid, field, value));
        expectClientError(response, 400);
        if (name !== HUGE_NAME)
          expect(response.body.errors).toEqual({ [field]: [MESSAGES.invalidCharacters] });
      }
    });

    it('should handle emoji, RTL, invisible characters, SQL and HTML payloads without a 500', async () => {
      for (const field of fields) {
        for (const value of ODD_TEXT)
          expectHandled(await send(endpoint, withField(endpoint.valid, field, value)));
      }
    });
  });

  describe('payloads taken as plain text', () => {
    it('should answer an SQL payload at login as wrong credentials', async () => {
      const response = await hostile.server.api('POST', '/api/auth/login/', {
        body: { email: "' OR 1=1 --", password: "' OR '1'='1" },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: MESSAGES.wrongCredentials });
    });

    it('should store SQL and HTML in a profile exactly as typed', async () => {
      const body = { first_name: "Robert'); DROP TABLE users;--", last_name: '<script>alert(1)</script>' };
      const response = await hostile.server.api('PATCH', '/api/update-user-details/', {
        token: hostile.attackerKey,
        body,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject(body);
      const colleagues = await hostile.server.api('GET', '/api/users/', { token: hostile.attackerKey });
      expect(colleagues.body).toContainEqual(
        expect.objectContaining({ name: `${body.first_name} ${body.last_name}` }),
      );
    });
  });

  describe('other people', () => {
    it("should refuse a reset with another user's uid and a garbage token", async () => {
      const uid = Buffer.from(String(hostile.victim.id)).toString('base64url');
      const response = await hostile.server.api('POST', `/api/auth/password/reset/confirm/${uid}/garbage/`, {
        body: { uid, token: 'garbage', new_password1: 'Owned-pass1!', new_password2: 'Owned-pass1!' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: MESSAGES.resetLinkInvalid });
    });

    it("should not let an id in the profile update reach another user's profile", async () => {
      const response = await hostile.server.api('PATCH', '/api/update-user-details/', {
        token: hostile.attackerKey,
        body: { id: hostile.victim.id, first_name: 'Owned' },
      });
      expect(response.status).toBe(200);
      expect(response.body.email).toBe('attacker@evil.com');
      const takeOver = await hostile.server.api('PATCH', '/api/update-user-details/', {
        token: hostile.attackerKey,
        body: { id: hostile.victim.id, email: hostile.victim.email },
      });
      expect(takeOver.status).toBe(400);
      expect(takeOver.body.detail).toBe(MESSAGES.emailNotEditable);
    });

    it("should invite the other organisation's people like anyone new, revealing and taking nothing", async () => {
      const response = await hostile.server.api('POST', '/api/invites/create/', {
        token: hostile.attackerKey,
        body: [hostile.victim.email, 'pending@good.com'],
      });
      expect(response.status).toBe(201);
      // The answer any two unknown addresses get; the victim stays where they are (next test).
      expect(response.body.invited).toEqual([hostile.victim.email, 'pending@good.com']);
      expect(response.body.skipped).toEqual([]);
    });

    it("should leave the other organisation's data exactly as it was", async () => {
      expect(await hostile.victimView()).toEqual(before);
      const login = await hostile.server.api('POST', '/api/auth/login/', {
        body: { email: hostile.victim.email, password: hostile.victim.password },
      });
      expect(login.status).toBe(200);
    });
  });
});
