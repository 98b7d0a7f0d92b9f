/**
 * The organisation's own settings: its name, who may invite, and whom two-factor sign-in is
 * required of (administrators only).
 */
import type { Organisation, UpdateOrganisationRequest } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { applySecondFactorPolicy } from '../../core/secondFactorPolicy';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { organisations } from '../../db/schema';

type OrganisationRow = typeof organisations.$inferSelect;

const presentOrganisation = (row: OrganisationRow): Organisation => ({
  id: row.id,
  name: row.name,
  only_admins_invite: row.onlyAdminsInvite,
  mfa_required: row.mfaRequired,
});

export async function getOrganisation(ctx: AppContext, organisationId: number): Promise<Organisation> {
  const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw notFound();
  return presentOrganisation(row);
}

export async function updateOrganisation(
  ctx: AppContext,
  admin: Actor,
  input: UpdateOrganisationRequest,
  origin: RequestOrigin,
): Promise<Organisation> {
  const { mfa_required: policy, ...others } = input;
  const changes = {
    ...(others.name !== undefined && { name: others.name }),
    ...(others.only_admins_invite !== undefined && { onlyAdminsInvite: others.only_admins_invite }),
    ...(policy !== undefined && { mfaRequired: policy }),
  };
  if (Object.keys(changes).length === 0) return getOrganisation(ctx, admin.organisationId);
  return ctx.db.transaction(async (tx) => {
    // Locked, so two policy changes at once each mark the sessions of the one they saw last.
    const [before] = await tx
      .select({ policy: organisations.mfaRequired })
      .from(organisations)
      .where(eq(organisations.id, admin.organisationId))
      .for('update');
    const [row] = await tx
      .update(organisations)
      .set(changes)
      .where(eq(organisations.id, admin.organisationId))
      .returning();
    if (!before || !row) throw notFound();
    const event = { userId: null, actorId: admin.id, organisationId: admin.organisationId };
    if (Object.keys(others).length > 0) {
      await recordSecurityEvent(tx, ctx.log, origin, {
        ...event,
        kind: 'organisation_updated',
        detail: { ...others },
      });
    }
    if (policy !== undefined && policy !== before.policy) {
      const sessionsHeldBack = await applySecondFactorPolicy(tx, admin.organisationId);
      await recordSecurityEvent(tx, ctx.log, origin, {
        ...event,
        kind: 'mfa_policy_changed',
        detail: { from: before.policy, to: policy, sessions_held_back: sessionsHeldBack },
      });
    }
    return presentOrganisation(row);
  });
}
