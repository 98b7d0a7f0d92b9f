/** Authenticator codes as a phone would compute them (otpauth), for browser tests of two-factor sign-in. */
import { Secret, TOTP } from 'otpauth';

const STEP_MS = 30_000;

/** The code of the current time step, or of `steps` steps away from it. */
export function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });
}

/** Waits out the last seconds of a time step, so a code computed now is still current when sent. */
export async function awayFromStepEdge(): Promise<void> {
  const intoStep = Date.now() % STEP_MS;
  if (intoStep > STEP_MS - 5_000)
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - intoStep + 200));
}
