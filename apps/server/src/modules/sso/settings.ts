/**
 * GET/PATCH/DELETE /api/organisation/sso/: the organisation's provider (issuer checked by its
 * discovery document, client secret sealed), its e-mail domains (one organisation per domain), who
 * may join, and "single sign-on required" (never leaving the administrators locked out; sessions
 * not begun through the provider end when it is switched on).
 */
import { SSO_MESSAGES, type SsoSettings, type UpdateSsoSettingsRequest } from '@keystone/contract';
import { and, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import { administratorCanSignIn } from '../../core/companySignIn';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { closeSockets } from '../../core/keys';
import { secretPurpose } from '../../core/sealedSecrets';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import type { Queryable } from '../../db/client';
import { authKeys, organisationDomains, organisationSso, organisations, users } from '../../db/schema';
import { validateIssuer } from './discovery';

export const redirectUriOf = (ctx: AppContext) => `${ctx.config.appUrl}/login/sso`;

export async function domainsOf(db: Queryable, organisationId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: organisationDomains.domain })
    .from(organisationDomains)
    .where(eq(organisationDomains.organisationId, organisationId))
    .orderBy(organisationDomains.domain);
  return rows.map((row) => row.domain);
}

export async function readSsoSettings(
  ctx: AppContext,
  organisationId: number,
  db: Queryable = ctx.db,
): Promise<SsoSettings> {
  const [row] = await db
    .select()
    .from(organisationSso)
    .where(eq(organisationSso.organisationId, organisationId));
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? '',
    client_id: row?.clientId ?? '',
    client_secret_set: row !== undefined,
    domains: row ? await domainsOf(db, organisationId) : [],
    join_rule: row?.joinRule ?? 'invited',
    required: row?.required ?? false,
    redirect_uri: redirectUriOf(ctx),
  };
}

/** Claims the domains for the organisation and lets go of those it no longer lists; 400 for one another organisation holds. */
async function claimDomains(tx: Queryable, organisationId: number, domains: string[]): Promise<void> {
  await tx
    .delete(organisationDomains)
    .where(
      and(
        eq(organisationDomains.organisationId, organisationId),
        notInArray(organisationDomains.domain, domains),
      ),
    );
  await tx
    .insert(organisationDomains)
    .values(domains.map((domain) => ({ domain, organisationId })))
    .onConflictDoNothing();
  // Whoever committed first holds a domain: a concurrent claim of another organisation sees it here.
  const [taken] = await tx
    .select({ domain: organisationDomains.domain })
    .from(organisationDomains)
    .where(
      and(
        inArray(organisationDomains.domain, domains),
        ne(organisationDomains.organisationId, organisationId),
      ),
    )
    .orderBy(organisationDomains.domain)
    .limit(1);
  if (taken) {
    const message = SSO_MESSAGES.domainUnavailable(taken.domain);
    throw badRequest(message, { domains: [message] });
  }
}

/**
 * Ends the sessions of the organisation's members not begun through the provider (old keys with
 * no recorded method included), except those of break-glass administrators.
 */
async function endSessionsWithoutSso(tx: Queryable, organisationId: number): Promise<void> {
  const exempt = tx
    .select({ id: users.id })
    .from(users)
    .where(
      or(ne(users.organisationId, organisationId), and(eq(users.breakGlass, true), eq(users.isAdmin, true))),
    );
  const ended = await tx
    .delete(authKeys)
    .where(and(or(isNull(authKeys.method), ne(authKeys.method, 'sso')), notInArray(authKeys.userId, exempt)))
    .returning({ userId: authKeys.userId, keyHash: authKeys.keyHash });
  for (const key of ended) await closeSockets(tx, key.userId, [key]);
}

export async function updateSsoSettings(
  ctx: AppContext,
  admin: Actor,
  input: UpdateSsoSettingsRequest,
  origin: RequestOrigin,
): Promise<SsoSettings> {
  const organisationId = admin.organisationId;
  // Fetched before the transaction: a slow provider holds no lock.
  const issuer = await validateIssuer(ctx, input.issuer);
  const domains = [...new Set(input.domains)];
  const newSecret = input.client_secret?.trim() ?? '';
  return ctx.db.transaction(async (tx) => {
    // One change at a time per organisation: the lock-out rule reads what the other one writes.
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for('update');
    const [current] = await tx
      .select()
      .from(organisationSso)
      .where(eq(organisationSso.organisationId, organisationId));
    if (!current && !newSecret) {
      throw badRequest(SSO_MESSAGES.clientSecretRequired, {
        client_secret: [SSO_MESSAGES.clientSecretRequired],
      });
    }
    const clientSecret = newSecret
      ? ctx.secrets.seal(newSecret, secretPurpose.ssoClientSecret(organisationId))
      : current!.clientSecret;
    await claimDomains(tx, organisationId, domains);
    const nowRequired = input.required && !(current?.required && current.issuer === issuer);
    if (nowRequired && !(await administratorCanSignIn(tx, organisationId, issuer))) {
      throw badRequest(SSO_MESSAGES.requiredWouldLockOut, { required: [SSO_MESSAGES.requiredWouldLockOut] });
    }
    const values = {
      issuer,
      clientId: input.client_id,
      clientSecret,
      joinRule: input.join_rule,
      required: input.required,
      updatedAt: new Date(),
      updatedBy: admin.id,
    };
    await tx
      .insert(organisationSso)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: organisationSso.organisationId, set: values });
    if (nowRequired) await endSessionsWithoutSso(tx, organisationId);
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'sso_settings_changed',
      userId: null,
      actorId: admin.id,
      organisationId,
      detail: {
        issuer,
        client_id: input.client_id,
        client_secret_changed: newSecret !== '',
        domains,
        join_rule: input.join_rule,
        required: input.required,
      },
    });
    return readSsoSettings(ctx, organisationId, tx);
  });
}

export async function removeSsoSettings(ctx: AppContext, admin: Actor, origin: RequestOrigin): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(organisationSso)
      .where(eq(organisationSso.organisationId, admin.organisationId))
      .returning({ issuer: organisationSso.issuer });
    await tx.delete(organisationDomains).where(eq(organisationDomains.organisationId, admin.organisationId));
    if (removed.length === 0) return;
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'sso_settings_changed',
      userId: null,
      actorId: admin.id,
      organisationId: admin.organisationId,
      detail: { removed: true, issuer: removed[0]!.issuer },
    });
  });
}

/** Whether /login offers "Continue with single sign-on": some organisation has a provider. */
export async function someOrganisationHasProvider(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: organisationSso.organisationId }).from(organisationSso).limit(1);
  return row !== undefined;
}
