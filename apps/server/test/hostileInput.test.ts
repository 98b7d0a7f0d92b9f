/**
 * Hand-written hostile input with a specific answer: payloads stored as plain text, and the
 * attacker reaching for another organisation's people. Every call's generated attacks (wrong
 * types, limits, odd text, other organisations' ids) are in hostileInput.generated.test.ts.
 */
import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileServer, startHostileServer } from './helpers/hostile';

describe('hostile input', () => {
  let hostile: HostileServer;
  let before: unknown;
  beforeAll(async () => {
    hostile = await startHostileServer();
    before = await hostile.victimView();
  });
  afterAll(() => hostile.close());

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

    it("should not invite the other organisation's people, naming the address and nothing of where it is", async () => {
      const response = await hostile.server.api('POST', '/api/invites/create/', {
        token: hostile.attackerKey,
        body: [hostile.victim.email, 'pending@good.com'],
      });
      expect(response.status).toBe(201);
      expect(response.body.invited).toEqual(['pending@good.com']);
      expect(response.body.skipped).toEqual([hostile.victim.email]);
      expect(response.body.not_invited).toEqual([{ email: hostile.victim.email, reason: 'unavailable' }]);
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
