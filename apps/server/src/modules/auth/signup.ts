/**
 * Sign-up (invite-only: the invitation's token is required) and e-mail verification. A sign-up
 * only records a pending attempt with its own mailed token; the account gets that attempt's
 * password and names when its token is used with its password (or, in the browser that signed
 * up, that browser's secret), so no sign-up can change an existing account.
 */
import {
  isWellFormedLinkToken,
  MESSAGES,
  ORGANISATION_MESSAGES,
  type RegistrationRequest,
  type VerificationLinkState,
  type VerifyEmailRequest,
} from '@keystone/contract';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { refuseCommonPassword } from '../../core/commonPasswords';
import type { AppContext } from '../../core/context';
import { badRequest, forbidden } from '../../core/errors';
import { publish } from '../../core/events';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { findUserByEmail } from '../../core/userQueries';
import type { Queryable } from '../../db/client';
import { pendingSignups } from '../../db/schema';
import { isUniqueViolation } from '../../lib/dbErrors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { randomSecret, sha256 } from '../../lib/secrets';
import { verificationMail } from '../../mail/accountMails';
import { enqueueMail } from '../../mail/outbox';
import { ALREADY_REGISTERED, acceptInvitation, invitationFor, joinOrganisation } from './joining';

const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Wrong passwords a link takes before it is voided (the token itself cannot be guessed). */
export const MAX_VERIFY_ATTEMPTS = 10;

type PendingSignup = typeof pendingSignups.$inferSelect;

/**
 * Records a sign-up made with an invitation's token and mails its verification link; answers the
 * secret that stands for the password in this browser. Without a token nothing about the address
 * is looked at: invited, registered and unknown addresses get the same 403. Other pending sign-ups
 * of the address stay valid (only a verification voids them), so nobody can cancel someone's link.
 */
export async function register(ctx: AppContext, input: RegistrationRequest): Promise<string> {
  if (!input.invite) throw forbidden(MESSAGES.inviteOnly);
  await refuseCommonPassword(input.password1, 'password1', [input.email, input.first_name, input.last_name]);
  const passwordHash = await hashPassword(input.password1);
  const browserSecret = randomSecret();
  await ctx.db.transaction(async (tx) => {
    // The link's invitation first: only its holder learns anything about the address.
    const invite = await invitationFor(tx, input.email, input.invite);
    if (!invite) throw forbidden(MESSAGES.inviteOnly);
    if (await findUserByEmail(tx, input.email)) {
      throw badRequest(ALREADY_REGISTERED, { email: [ALREADY_REGISTERED] });
    }
    const token = randomSecret();
    await tx.insert(pendingSignups).values({
      email: input.email,
      organisationId: invite.organisationId,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      tokenHash: sha256(token),
      browserSecretHash: sha256(browserSecret),
      expiresAt: new Date(Date.now() + LIFETIME_MS),
    });
    // A page, not an API call: opening the link (as mail scanners do) changes nothing.
    const link = `${ctx.config.appUrl}/verify-email/${token}`;
    await enqueueMail(tx, { to: input.email, ...verificationMail(input.first_name, link) });
  });
  ctx.mailQueued();
  return browserSecret;
}

/** The address's other sign-ups end once one of them is verified. */
async function voidOtherSignups(db: Queryable, verified: PendingSignup): Promise<void> {
  await db
    .update(pendingSignups)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(pendingSignups.email, verified.email),
        isNull(pendingSignups.usedAt),
        ne(pendingSignups.id, verified.id),
      ),
    );
}

const isActive = () => and(isNull(pendingSignups.usedAt), gt(pendingSignups.expiresAt, new Date()));

async function activeSignupByToken(db: Queryable, token: string): Promise<PendingSignup | undefined> {
  const [row] = await db
    .select()
    .from(pendingSignups)
    .where(and(eq(pendingSignups.tokenHash, sha256(token)), isActive()))
    .limit(1);
  return row;
}

/** An account of the address, signed up and verified: its links have nothing left to do. */
async function isVerifiedAddress(db: Queryable, email: string): Promise<boolean> {
  const account = await findUserByEmail(db, email);
  return Boolean(account?.emailVerifiedAt);
}

/**
 * What the link is now, for its page; reads only (mail scanners open links). A link of an
 * address whose account is verified says so, whichever of its links did it.
 */
export async function verificationLinkState(db: Queryable, token: string): Promise<VerificationLinkState> {
  const invalid: VerificationLinkState = { state: 'invalid', email: null };
  if (!isWellFormedLinkToken(token)) return invalid;
  const [signup] = await db
    .select({
      email: pendingSignups.email,
      usedAt: pendingSignups.usedAt,
      expiresAt: pendingSignups.expiresAt,
    })
    .from(pendingSignups)
    .where(eq(pendingSignups.tokenHash, sha256(token)))
    .limit(1);
  if (!signup) return invalid;
  if (await isVerifiedAddress(db, signup.email)) return { state: 'verified', email: signup.email };
  const live = signup.usedAt === null && signup.expiresAt.getTime() > Date.now();
  return live ? { state: 'pending', email: signup.email } : invalid;
}

/**
 * The sign-up's password, or in the browser that signed up its secret (256 random bits: nothing
 * to guess, so a wrong one is not counted). Only a wrong password counts toward voiding the link.
 */
async function provesSignup(db: Queryable, pending: PendingSignup, input: VerifyEmailRequest): Promise<void> {
  if (input.password === undefined) {
    const secret = input.browser_secret ?? '';
    if (pending.browserSecretHash !== null && sha256(secret) === pending.browserSecretHash) return;
    throw badRequest(MESSAGES.signupBrowserUnknown);
  }
  if (await verifyPassword(pending.passwordHash, input.password)) return;
  await countWrongPassword(db, pending.id);
  throw badRequest(MESSAGES.signupPasswordMismatch);
}

/**
 * Verifies the address of the link's sign-up, with the password chosen at that sign-up (or the
 * signing-up browser's secret), and only then writes that sign-up's password and names to the
 * account (creating it, or taking over the placeholder an invite made); the address's other
 * sign-ups end. Throws a 400 with the reason otherwise.
 */
export async function verifyEmail(
  ctx: AppContext,
  input: VerifyEmailRequest,
  origin: RequestOrigin,
): Promise<void> {
  const pending = await activeSignupByToken(ctx.db, input.key);
  if (!pending) throw await unusableLink(ctx.db, input.key);
  await provesSignup(ctx.db, pending, input);
  let verified: boolean;
  try {
    verified = await ctx.db.transaction(async (tx) => {
      // Conditional, so two concurrent uses of one link verify once.
      const [claimed] = await tx
        .update(pendingSignups)
        .set({ usedAt: new Date() })
        .where(and(eq(pendingSignups.id, pending.id), isActive()))
        .returning();
      if (!claimed) return false;
      await voidOtherSignups(tx, claimed);
      const userId = await completeAccount(tx, claimed);
      // An invited person already on a strategy now has a name there.
      await publish(tx, [{ kind: 'people' }]);
      await recordSecurityEvent(tx, ctx.log, origin, { kind: 'signup_verified', userId, method: 'password' });
      return true;
    });
  } catch (error) {
    // An account of this address made meanwhile (e.g. by Google sign-in) is never taken over.
    if (isUniqueViolation(error)) throw badRequest(ALREADY_REGISTERED, { email: [ALREADY_REGISTERED] });
    throw error;
  }
  // Another use of the link won the race; read after it committed, so a double click is told
  // the address is verified whether it arrived before or after the winner finished.
  if (!verified) throw await unusableLink(ctx.db, input.key);
}

/** The 400 for a link that can no longer verify: already verified, or invalid. */
async function unusableLink(db: Queryable, key: string) {
  const state = await verificationLinkState(db, key);
  return badRequest(
    state.state === 'verified' ? MESSAGES.emailAlreadyVerified : MESSAGES.verificationLinkInvalid,
  );
}

/** Writes the sign-up to the account of its address and returns the account's id. */
async function completeAccount(tx: Queryable, signup: PendingSignup): Promise<number> {
  const invite = await acceptInvitation(tx, signup.organisationId, signup.email);
  if (!invite) throw badRequest(ORGANISATION_MESSAGES.inviteLinkInvalid);
  return joinOrganisation(tx, signup.organisationId, signup.email, {
    passwordHash: signup.passwordHash,
    firstName: signup.firstName,
    lastName: signup.lastName,
  });
}

/** Counts a wrong password on the link; the last allowed one voids it. */
async function countWrongPassword(db: Queryable, pendingId: number): Promise<void> {
  await db
    .update(pendingSignups)
    .set({
      failedAttempts: sql`${pendingSignups.failedAttempts} + 1`,
      usedAt: sql`case when ${pendingSignups.failedAttempts} + 1 >= ${MAX_VERIFY_ATTEMPTS} then now() else ${pendingSignups.usedAt} end`,
    })
    .where(and(eq(pendingSignups.id, pendingId), isNull(pendingSignups.usedAt)));
}

/** Password hashes compared at most per login: the newest sign-ups of the address. */
const NEWEST_SIGNUPS_CHECKED = 3;

/**
 * True when one of the newest active sign-ups of the address has this password: login uses it to
 * tell someone who signed up but has not verified yet to open the mail, rather than "wrong credentials".
 */
export async function pendingSignupPasswordMatches(
  db: Queryable,
  email: string,
  password: string,
): Promise<boolean> {
  const pending = await db
    .select({ passwordHash: pendingSignups.passwordHash })
    .from(pendingSignups)
    .where(and(eq(pendingSignups.email, email.trim().toLowerCase()), isActive()))
    .orderBy(desc(pendingSignups.createdAt), desc(pendingSignups.id))
    .limit(NEWEST_SIGNUPS_CHECKED);
  for (const signup of pending) {
    if (await verifyPassword(signup.passwordHash, password)) return true;
  }
  return false;
}
