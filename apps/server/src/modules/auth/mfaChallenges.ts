/**
 * The half-way state of a login with two-factor on: the first factor passed, a code is due. The
 * token is random and stored hashed; it lives 5 minutes and survives at most 5 wrong codes.
 */

import type { FirstFactor } from '../../core/sessionStart';
import type { Queryable } from '../../db/client';
import { mfaChallenges } from '../../db/schema';
import { randomSecret, sha256 } from '../../lib/secrets';

export const MFA_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const MFA_MAX_WRONG_CODES = 5;

/** Starts the second step for a user whose first factor (`method`) just passed; answers the token. */
export async function startMfaChallenge(db: Queryable, userId: number, method: FirstFactor): Promise<string> {
  const token = randomSecret();
  await db.insert(mfaChallenges).values({
    userId,
    tokenHash: sha256(token),
    method,
    expiresAt: new Date(Date.now() + MFA_CHALLENGE_LIFETIME_MS),
  });
  return token;
}
