/** The signed-in user's profile and their colleagues: what /get-user-details/, /update-user-details/ and /users/ do. */
import {
  MESSAGES,
  type UpdateUserDetailsRequest,
  type UserDetails,
  type UserSummary,
} from '@keystone/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { badRequest, notFound } from '../../core/errors';
import { publish } from '../../core/events';
import { presentUserDetails, presentUserSummary } from '../../core/userPresenters';
import { findUserById } from '../../core/userQueries';
import { users } from '../../db/schema';

export async function getUserDetails(ctx: AppContext, me: Actor): Promise<UserDetails> {
  const user = await findUserById(ctx.db, me.id);
  if (!user) throw notFound();
  return presentUserDetails(user);
}

/** Names and business title only: the e-mail may be sent back as it is, never changed. */
export async function updateUserDetails(
  ctx: AppContext,
  me: Actor,
  input: UpdateUserDetailsRequest,
): Promise<UserDetails> {
  if (input.email !== undefined && input.email.trim().toLowerCase() !== me.email) {
    throw badRequest(MESSAGES.emailNotEditable, { email: [MESSAGES.emailNotEditable] });
  }
  const [updated] = await ctx.db
    .update(users)
    .set({
      ...(input.first_name !== undefined && { firstName: input.first_name }),
      ...(input.last_name !== undefined && { lastName: input.last_name }),
      ...(input.business_title !== undefined && { businessTitle: input.business_title }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, me.id))
    .returning();
  if (!updated) throw notFound();
  // Pages showing this person's name must be read again.
  await publish(ctx.db, [{ kind: 'people' }]);
  return presentUserDetails(updated);
}

/** The active people of my organisation. */
export async function listColleagues(ctx: AppContext, me: Actor): Promise<UserSummary[]> {
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.organisationId, me.organisationId), eq(users.isActive, true)))
    // Named people first, by name; people not yet signed up (no name) after them.
    .orderBy(
      sql`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '') asc nulls last`,
      asc(users.email),
    );
  return rows.map(presentUserSummary);
}
