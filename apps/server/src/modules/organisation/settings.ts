/** The organisation's own settings: its name and who may invite (administrators only). */
import type { Organisation, UpdateOrganisationRequest } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { organisations } from '../../db/schema';

type OrganisationRow = typeof organisations.$inferSelect;

const presentOrganisation = (row: OrganisationRow): Organisation => ({
  id: row.id,
  name: row.name,
  only_admins_invite: row.onlyAdminsInvite,
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
  const changes = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.only_admins_invite !== undefined && { onlyAdminsInvite: input.only_admins_invite }),
  };
  if (Object.keys(changes).length === 0) return getOrganisation(ctx, admin.organisationId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(organisations)
      .set(changes)
      .where(eq(organisations.id, admin.organisationId))
      .returning();
    if (!row) throw notFound();
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'organisation_updated',
      userId: null,
      actorId: admin.id,
      organisationId: admin.organisationId,
      detail: { ...input },
    });
    return presentOrganisation(row);
  });
}
