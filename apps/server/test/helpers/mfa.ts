/** Two-factor test helpers: codes an authenticator app would show, and the calls of the flow. */

import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { securityEvents } from '../../src/db/schema';
import type { TestServer, TestUser } from './testServer';

export const STEP_MS = 30_000;
export const RECOVERY_CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** The code an authenticator app shows for `secret`, `steps` time steps away from now. */
export function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * STEP_MS });
}

/**
 * Tests that use the codes of neighbouring steps wait out the last seconds of a step, so "now"
 * does not move on between computing a code and the server checking it.
 */
export async function awayFromStepEdge(): Promise<void> {
  const intoStep = Date.now() % STEP_MS;
  if (intoStep > STEP_MS - 4_000)
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - intoStep + 100));
}

export interface Enrolled {
  user: TestUser;
  key: string;
  secret: string;
  recoveryCodes: string[];
}

/** The calls of the two-factor flow (the server comes from `beforeAll`, hence the getter). */
export function mfaCalls(serverOf: () => TestServer) {
  const status = (key: string) => serverOf().api('GET', '/api/auth/mfa/', { token: key });
  const setup = (key: string) => serverOf().api('POST', '/api/auth/mfa/totp/setup/', { token: key });
  const confirm = (key: string, code: unknown) =>
    serverOf().api('POST', '/api/auth/mfa/totp/confirm/', { token: key, body: { code } });
  const disable = (key: string, body: unknown) =>
    serverOf().api('POST', '/api/auth/mfa/disable/', { token: key, body });
  const passwordLogin = (user: TestUser) =>
    serverOf().api('POST', '/api/auth/login/', { body: { email: user.email, password: user.password } });
  const secondStep = (body: unknown) => serverOf().api('POST', '/api/auth/login/mfa/', { body });

  /** A user with two-factor on, confirmed with the previous step's code (so "now" is still free). */
  async function enrolledUser(): Promise<Enrolled> {
    await awayFromStepEdge();
    const user = await serverOf().createUser();
    const key = await serverOf().loginAs(user);
    const secret = (await setup(key)).body.secret as string;
    const confirmed = await confirm(key, codeFor(secret, -1));
    expect(confirmed.status).toBe(200);
    return { user, key, secret, recoveryCodes: confirmed.body.recovery_codes };
  }

  /** Passes the password step and answers the mfa_token. */
  async function mfaToken(user: TestUser): Promise<string> {
    const response = await passwordLogin(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    return response.body.mfa_token;
  }

  const eventsOf = (userId: number, kind: string) =>
    serverOf()
      .database.db.select({ method: securityEvents.method, detail: securityEvents.detail })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, kind)));

  return { status, setup, confirm, disable, passwordLogin, secondStep, enrolledUser, mfaToken, eventsOf };
}
