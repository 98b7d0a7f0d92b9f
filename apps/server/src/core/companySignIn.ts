/**
 * "Single sign-on required" as the sign-ins (auth/), the member administration (organisation/) and
 * the provider settings (sso/) all check it: who is refused a password or Google sign-in, and
 * whether an administrator could still sign in once it is required.
 */
import { AUTH_CODES, SSO_MESSAGES } from '@keystone/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { organisationSso, users } from '../db/schema';
import { HttpError } from './errors';
import { hasConfirmedTotp } from './secondFactor';

/** A refused single sign-on, with the reason the security log keeps (never shown to the person). */
export class SsoRefusal extends HttpError {
  constructor(
    statusCode: number,
    detail: string,
    readonly reason: string,
    readonly facts: Record<string, unknown> = {},
  ) {
    super(statusCode, detail);
  }
}

/**
 * The 403 `sso_required` for a member whose organisation requires single sign-on, null when the
 * sign-in may go on: nothing required, or a break-glass administrator with two-factor on (who
 * then gives their code as usual). Asked only after the first factor passed.
 */
export async function ssoRequiredRefusal(db: Queryable, userId: number): Promise<HttpError | null> {
  const [row] = await db
    .select({
      breakGlass: sql<boolean>`${users.breakGlass} and ${users.isAdmin} and ${hasConfirmedTotp}`,
    })
    .from(users)
    .innerJoin(organisationSso, eq(organisationSso.organisationId, users.organisationId))
    .where(and(eq(users.id, userId), eq(organisationSso.required, true)))
    .limit(1);
  if (!row || row.breakGlass) return null;
  return new HttpError(403, SSO_MESSAGES.ssoRequired, undefined, { code: AUTH_CODES.ssoRequired });
}

/**
 * Whether an active administrator of the organisation could sign in with single sign-on
 * required: one with an identity of `issuer`, or a break-glass administrator with two-factor on.
 */
export async function administratorCanSignIn(
  db: Queryable,
  organisationId: number,
  issuer: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.isAdmin, true),
        eq(users.isActive, true),
        or(
          sql`exists (select 1 from user_identities i where i.user_id = "users"."id" and i.issuer = ${issuer})`,
          and(eq(users.breakGlass, true), hasConfirmedTotp),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the organisation requires single sign-on and no administrator could sign in any more. */
export async function administratorsLockedOut(db: Queryable, organisationId: number): Promise<boolean> {
  const [provider] = await db
    .select({ issuer: organisationSso.issuer })
    .from(organisationSso)
    .where(and(eq(organisationSso.organisationId, organisationId), eq(organisationSso.required, true)));
  return provider !== undefined && !(await administratorCanSignIn(db, organisationId, provider.issuer));
}
