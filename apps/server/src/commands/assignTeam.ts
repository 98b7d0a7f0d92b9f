/**
 * Assigning a team (modules/team) with people typed by e-mail: the page's people ({id, email})
 * become user ids of the organisation. An e-mail of someone who is not a member yet becomes an
 * invitation (modules/invites, mailed) and this organisation's placeholder of them, assigned at
 * once, which they take over when they sign up through it. An address that already has an account
 * elsewhere cannot join: the whole save is refused, naming it.
 */
import { type AssignTeamRequest, INVITE_MESSAGES, isValidEmail, MESSAGES } from '@keystone/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { badRequest, type HttpError } from '../core/errors';
import type { RequestOrigin } from '../core/securityEvents';
import type { Queryable } from '../db/client';
import { users } from '../db/schema';
import { inviteEmails, refuseAddressesWithAccounts } from '../modules/invites/service';
import type { PeopleGroup, ResolvedPeople } from '../modules/team/people';
import { assignTeam } from '../modules/team/service';

/** PATCH /assign-users-to-strategy/: the team as the page sent it, typed addresses invited. */
export function assignTeamInvitingNewPeople(
  ctx: AppContext,
  user: Actor,
  input: AssignTeamRequest,
  origin: RequestOrigin,
) {
  return assignTeam(ctx, user, input, origin, (tx, groups) => resolvePeople(ctx, tx, user, groups, origin));
}

/** Ids a row can have; anything else (e.g. the page's temporary id 1700000000000) is a typed e-mail. */
const MAX_STORED_ID = 2_147_483_647;
const isStoredId = (id: number | null | undefined): id is number =>
  Number.isInteger(id) && (id ?? 0) > 0 && (id ?? 0) <= MAX_STORED_ID;

/**
 * The answer when typed addresses cannot join: every address in `detail`, and each under the lists
 * that hold it. It is returned, not thrown, so the caller commits the refusals' records first.
 */
function refusal(refused: readonly string[], people: readonly { email: string; path: string }[]): HttpError {
  const messages = refused.map((email) => INVITE_MESSAGES.notInvited(email, 'unavailable'));
  const errors: Record<string, string[]> = {};
  for (const person of people) {
    const index = refused.indexOf(person.email.trim().toLowerCase());
    if (index < 0) continue;
    const listErrors = errors[person.path] ?? [];
    if (!listErrors.includes(messages[index]!)) errors[person.path] = [...listErrors, messages[index]!];
  }
  return badRequest(messages.join(' '), errors);
}

/**
 * Resolves every reference of a request at once: a fixed number of queries, however many people.
 * Answers the refusal instead when a typed address cannot join the organisation; nothing is
 * invited or created then.
 */
async function resolvePeople(
  ctx: AppContext,
  tx: Queryable,
  user: Actor,
  groups: readonly PeopleGroup[],
  origin: RequestOrigin,
): Promise<ResolvedPeople | { refusal: HttpError }> {
  const all = groups.flatMap((group) => group.people.map((person) => ({ ...person, path: group.path })));
  const ids = [...new Set(all.map((person) => person.id).filter(isStoredId))];
  const byId = new Map(
    (ids.length
      ? await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(inArray(users.id, ids), eq(users.organisationId, user.organisationId)))
      : []
    ).map((row) => [row.id, row.email]),
  );

  // References not matched by id (temporary ids, null ids, other organisations' ids) go by e-mail.
  const byEmailNeeded = all.filter((person) => !(person.id && byId.has(person.id)));
  for (const person of byEmailNeeded) {
    if (!isValidEmail(person.email))
      throw badRequest(MESSAGES.invalidEmail, { [person.path]: [MESSAGES.invalidEmail] });
  }
  const emails = [...new Set(byEmailNeeded.map((person) => person.email.trim().toLowerCase()))];
  // This organisation's rows: members, and placeholders of people it invited.
  const rowsByEmail = async () =>
    emails.length
      ? await tx
          .select({ id: users.id, email: users.email, isPlaceholder: users.isPlaceholder })
          .from(users)
          .where(and(eq(users.organisationId, user.organisationId), inArray(users.email, emails)))
      : [];
  const existing = await rowsByEmail();
  const members = new Set(existing.filter((row) => !row.isPlaceholder).map((row) => row.email));
  let invited = false;
  const toInvite = emails.filter((email) => !members.has(email));
  if (toInvite.length > 0) {
    const refused = await refuseAddressesWithAccounts(ctx, tx, user, toInvite, origin);
    if (refused.length > 0) return { refusal: refusal(refused, byEmailNeeded) };
    // Already invited addresses are skipped; new ones (or revoked ones) are invited and mailed.
    invited = (await inviteEmails(ctx, tx, user, toInvite, origin)).invited.length > 0;
    const known = new Set(existing.map((row) => row.email));
    const missing = toInvite.filter((email) => !known.has(email));
    if (missing.length > 0) {
      await tx
        .insert(users)
        .values(missing.map((email) => ({ email, organisationId: user.organisationId, isPlaceholder: true })))
        .onConflictDoNothing();
    }
  }
  const idByEmail = new Map(
    (toInvite.length > 0 ? await rowsByEmail() : existing).map((row) => [row.email, row.id]),
  );

  return {
    invited,
    idsFor(references) {
      const resolved = references.map((person) =>
        person.id && byId.has(person.id) ? person.id : idByEmail.get(person.email.trim().toLowerCase())!,
      );
      return [...new Set(resolved)];
    },
  };
}
