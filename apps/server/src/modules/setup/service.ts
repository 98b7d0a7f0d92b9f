/**
 * First run in the browser: while no organisation exists, each start prints a one-time link
 * (`APP_URL/setup/TOKEN`); its page creates the organisation and its first administrator.
 * Only a SHA-256 of each token is stored; setting up deletes them all.
 */
import {
  isWellFormedLinkToken,
  type LoginResponse,
  ORGANISATION_MESSAGES,
  type SetupRequest,
} from '@keystone/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { refuseCommonPassword } from '../../core/commonPasswords';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { startSession } from '../../core/sessionStart';
import type { Db, Queryable } from '../../db/client';
import { organisations, setupTokens, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { randomSecret, sha256 } from '../../lib/secrets';

/** Measured by the database's clock, the one every instance shares. */
const LINK_LIFETIME = sql`interval '24 hours'`;

/** Databases known to hold an organisation: once set up, a database never needs setting up again. */
const setUpDatabases = new WeakSet<Db>();

async function hasOrganisation(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: organisations.id }).from(organisations).limit(1);
  return rows.length > 0;
}

/** Whether no organisation exists yet (the public config tells the login page); cheap once set up. */
export async function needsSetup(db: Db): Promise<boolean> {
  if (setUpDatabases.has(db)) return false;
  if (!(await hasOrganisation(db))) return true;
  setUpDatabases.add(db);
  return false;
}

/**
 * Adds a fresh setup token (valid 24 hours) and returns it. Other tokens stay: instances
 * starting together each print their own link, and any one of them works.
 */
export async function createSetupToken(db: Queryable): Promise<string> {
  const token = randomSecret();
  await db.insert(setupTokens).values({ tokenHash: sha256(token), expiresAt: sql`now() + ${LINK_LIFETIME}` });
  return token;
}

/** On an empty database: a new setup link to print; null once an organisation exists. */
export async function setupLinkIfNeeded(ctx: AppContext): Promise<string | null> {
  if (!(await needsSetup(ctx.db))) return null;
  return `${ctx.config.appUrl}/setup/${await createSetupToken(ctx.db)}`;
}

/** Whether the link's token is unexpired and nothing has been set up yet (the page asks first). */
export async function setupLinkIsValid(db: Queryable, token: string): Promise<boolean> {
  const [live] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(and(eq(setupTokens.tokenHash, sha256(token)), gt(setupTokens.expiresAt, sql`now()`)))
    .limit(1);
  return live !== undefined && !(await hasOrganisation(db));
}

/**
 * Creates the organisation and its first administrator (address taken as verified: the token
 * proves access to the server), consumes every setup link, and logs the administrator in.
 */
export async function setUpOrganisation(
  ctx: AppContext,
  input: SetupRequest,
  origin: RequestOrigin,
): Promise<LoginResponse> {
  // Never a token we printed: not "no longer valid" (no restart is needed), but copied wrongly.
  if (!isWellFormedLinkToken(input.token)) throw badRequest(ORGANISATION_MESSAGES.setupLinkMangled);
  await refuseCommonPassword(input.password1, 'password1', [
    input.email,
    input.first_name,
    input.last_name,
    input.organisation_name,
  ]);
  const passwordHash = await hashPassword(input.password1);
  const userId = await ctx.db.transaction(async (tx) => {
    // Deleting every token locks them all: a concurrent setup (with this link or another one)
    // waits here, then finds them gone. A refused attempt rolls back, keeping the links.
    const consumed = await tx
      .delete(setupTokens)
      .returning({ tokenHash: setupTokens.tokenHash, live: sql<boolean>`${setupTokens.expiresAt} > now()` });
    const tokenHash = sha256(input.token);
    const valid = consumed.some((row) => row.tokenHash === tokenHash && row.live);
    if (!valid || (await hasOrganisation(tx))) throw badRequest(ORGANISATION_MESSAGES.setupLinkInvalid);
    const [organisation] = await tx
      .insert(organisations)
      .values({ name: input.organisation_name })
      .returning({ id: organisations.id });
    const [user] = await tx
      .insert(users)
      .values({
        organisationId: organisation!.id,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        emailVerifiedAt: new Date(),
        isAdmin: true,
      })
      .returning({ id: users.id });
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'organisation_setup',
      userId: user!.id,
      method: 'password',
      detail: { organisation: input.organisation_name },
    });
    return user!.id;
  });
  setUpDatabases.add(ctx.db);
  // A new account has no second factor, so the session starts at once.
  return startSession(
    ctx,
    userId,
    { method: 'password', firstFactor: 'password', secondFactor: false },
    origin,
  );
}
