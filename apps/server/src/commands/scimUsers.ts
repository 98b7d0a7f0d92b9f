/**
 * What a SCIM client does to a person (issue 31), in one transaction each: provisioning
 * (modules/scim reads and checks the body, auth/joining's invitation is used when the address was
 * invited), and deactivation through organisation/offboarding's `offboard`, the administrators'
 * own, so sessions, sockets on every instance, locks and unsent mail end the same way. The
 * security log names the token; there is no acting person.
 */
import { ORGANISATION_MESSAGES, SCIM_MESSAGES, SSO_MESSAGES } from '@keystone/contract';
import { and, eq, or } from 'drizzle-orm';
import { administratorsLockedOut } from '../core/companySignIn';
import type { AppContext } from '../core/context';
import { publish } from '../core/events';
import { type RequestOrigin, recordSecurityEvent } from '../core/securityEvents';
import { findUserByEmail, lockOrganisationUser, type UserRow } from '../core/userQueries';
import { recordMemberEvent } from '../core/webhookEvents';
import type { Queryable } from '../db/client';
import { users } from '../db/schema';
import { isUniqueViolation } from '../lib/dbErrors';
import { acceptInvitation } from '../modules/auth/joining';
import { offboard } from '../modules/organisation/offboarding';
import { strategiesOnlyMasteredBy } from '../modules/organisation/onlyMasters';
import { ScimError } from '../modules/scim/errors';
import type { ScimCaller } from '../modules/scim/tokens';
import { readScimUser, refuseAddressOutsideDomains, userNotFound } from '../modules/scim/userReads';
import { type ScimUserState, stateOfRow } from '../modules/scim/userResource';

/** The same words whoever holds the address, here or in another organisation: nothing is revealed. */
const userNameTaken = () => new ScimError(409, SCIM_MESSAGES.scimUserNameTaken, 'uniqueness');

const fieldsOf = (state: ScimUserState) => ({
  email: state.email,
  firstName: state.firstName,
  lastName: state.lastName,
  businessTitle: state.title,
  scimExternalId: state.externalId,
});
type Field = keyof ReturnType<typeof fieldsOf>;

/** The security log names what changed as the provider's administrator knows it: SCIM's attributes. */
const ATTRIBUTE_OF = {
  email: 'userName',
  firstName: 'name.givenName',
  lastName: 'name.familyName',
  businessTitle: 'title',
  scimExternalId: 'externalId',
} as const satisfies Record<Field, string>;

/** The address is the organisation's and nobody else's; answers this organisation's placeholder of it, if any. */
async function refuseTakenAddress(tx: Queryable, organisationId: number, email: string, self?: number) {
  await refuseAddressOutsideDomains(tx, organisationId, email);
  const account = await findUserByEmail(tx, email);
  if (account && account.id !== self) throw userNameTaken();
  const ours = await lockOrganisationUser(tx, organisationId, email);
  if (ours && ours.id !== self && !ours.isPlaceholder) throw userNameTaken();
  return ours?.isPlaceholder ? ours : undefined;
}

/** Two providers' calls racing for one address: the loser is told it is taken, not a 500. */
async function asTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw userNameTaken();
    throw error;
  }
}

/** POST /Users: a new member without roles, or this organisation's placeholder of the address taken over. */
export function createScimUser(
  ctx: AppContext,
  caller: ScimCaller,
  state: ScimUserState,
  origin: RequestOrigin,
): Promise<UserRow> {
  return asTaken(() =>
    ctx.db.transaction(async (tx) => {
      const placeholder = await refuseTakenAddress(tx, caller.organisationId, state.email);
      const now = new Date();
      const values = {
        ...fieldsOf(state),
        isPlaceholder: false,
        isActive: state.active,
        // The provider vouches for the address, as an invitation's link does.
        emailVerifiedAt: now,
        updatedAt: now,
      };
      let id: number;
      if (placeholder) {
        await tx.update(users).set(values).where(eq(users.id, placeholder.id));
        await acceptInvitation(tx, caller.organisationId, state.email);
        id = placeholder.id;
      } else {
        const [created] = await tx
          .insert(users)
          .values({ ...values, organisationId: caller.organisationId })
          .returning({ id: users.id });
        id = created!.id;
      }
      if (state.active)
        await recordMemberEvent(tx, caller.organisationId, 'member.joined', { id, ...fieldsOf(state) });
      await recordSecurityEvent(tx, ctx.log, origin, {
        kind: 'scim_user_created',
        userId: id,
        organisationId: caller.organisationId,
        detail: { scim_token: caller.tokenName, active: state.active },
      });
      await publish(tx, [{ kind: 'people' }]);
      return readScimUser(tx, caller.organisationId, id);
    }),
  );
}

/**
 * PUT, PATCH and DELETE /Users/{id}: `change` turns the person's state into the new one (it
 * throws on a bad body, before anything is written). The organisation's active administrators
 * are locked with the person, in id order like an administrator's change, so the last one is
 * never deactivated, whoever acts at the same moment.
 */
export function changeScimUser(
  ctx: AppContext,
  caller: ScimCaller,
  id: number,
  change: (current: ScimUserState) => ScimUserState,
  origin: RequestOrigin,
): Promise<UserRow> {
  return asTaken(() =>
    ctx.db.transaction(async (tx) => {
      const locked = await tx
        .select()
        .from(users)
        .where(
          and(
            eq(users.organisationId, caller.organisationId),
            or(and(eq(users.isAdmin, true), eq(users.isActive, true)), eq(users.id, id)),
          ),
        )
        .orderBy(users.id)
        .for('update');
      const member = locked.find((row) => row.id === id);
      if (!member || member.isPlaceholder) throw userNotFound();
      const current = stateOfRow(member);
      const next = change(current);
      if (next.email !== current.email) await refuseTakenAddress(tx, caller.organisationId, next.email, id);

      const changed = (Object.keys(ATTRIBUTE_OF) as Field[]).filter(
        (field) => fieldsOf(next)[field] !== fieldsOf(current)[field],
      );
      const deactivated = current.active && !next.active;
      const reactivated = !current.active && next.active;
      const token = { scim_token: caller.tokenName };
      const event = { userId: id, organisationId: caller.organisationId };
      if (changed.length > 0 || reactivated)
        await tx
          .update(users)
          .set({ ...fieldsOf(next), isActive: next.active, updatedAt: new Date() })
          .where(eq(users.id, id));
      if (changed.length > 0)
        await recordSecurityEvent(tx, ctx.log, origin, {
          ...event,
          kind: 'scim_user_updated',
          detail: { ...token, changed: changed.map((field) => ATTRIBUTE_OF[field]) },
        });
      if (reactivated)
        await recordSecurityEvent(tx, ctx.log, origin, { ...event, kind: 'user_reactivated', detail: token });
      if (deactivated) {
        const otherAdmins = locked.filter((row) => row.isAdmin && row.isActive && row.id !== id);
        if (member.isAdmin && otherAdmins.length === 0)
          throw new ScimError(400, ORGANISATION_MESSAGES.lastAdmin, 'mutability');
        // A leaver's access ends even when they alone master a strategy (an administrator then
        // names another master); the log says which, so nobody has to find out.
        const alone = await strategiesOnlyMasteredBy(tx, id);
        await offboard(tx, { id, email: current.email });
        // As for an administrator's deactivation: someone must still be able to sign in and administer.
        if (member.isAdmin && (await administratorsLockedOut(tx, caller.organisationId)))
          throw new ScimError(400, SSO_MESSAGES.lastWayIn, 'mutability');
        await recordSecurityEvent(tx, ctx.log, origin, {
          ...event,
          kind: 'user_deactivated',
          detail: { ...token, ...(alone.length > 0 && { strategies_without_master: alone }) },
        });
      }
      if (changed.length > 0 || reactivated || deactivated) await publish(tx, [{ kind: 'people' }]);
      return readScimUser(tx, caller.organisationId, id);
    }),
  );
}
