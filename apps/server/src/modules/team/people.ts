/**
 * Turns the team page's people ({id, email}) into user ids of the organisation. An e-mail of
 * someone who is not a user yet becomes an invite (mailed) and a placeholder user, assigned
 * at once, who takes the account over at sign-up.
 */
import { isValidEmail, MESSAGES, type PersonReference, STRATEGY_MESSAGES } from '@keystone/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/keys';
import { inviteEmails } from '../invites/service';

export interface ResolvedPeople {
  /** User id for each reference, in the same order. */
  idsFor(references: readonly PersonReference[]): number[];
  /** True when someone new was invited (so the outbox should be woken). */
  invited: boolean;
}

/** Ids a row can have; anything else (e.g. the page's temporary id 1700000000000) is a typed e-mail. */
const MAX_STORED_ID = 2_147_483_647;
const isStoredId = (id: number | null | undefined): id is number =>
  Number.isInteger(id) && (id ?? 0) > 0 && (id ?? 0) <= MAX_STORED_ID;

/** Resolves every reference of a request at once: a fixed number of queries, however many people. */
export async function resolvePeople(
  ctx: AppContext,
  tx: Queryable,
  user: AuthenticatedUser,
  groups: readonly { path: string; people: readonly PersonReference[] }[],
): Promise<ResolvedPeople> {
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
  const existing = emails.length
    ? await tx
        .select({ id: users.id, email: users.email, organisationId: users.organisationId })
        .from(users)
        .where(inArray(users.email, emails))
    : [];
  const idByEmail = new Map<string, number>();
  for (const row of existing) {
    if (row.organisationId !== user.organisationId) {
      const path =
        byEmailNeeded.find((person) => person.email.trim().toLowerCase() === row.email)?.path ?? 'email';
      throw badRequest(STRATEGY_MESSAGES.personNotInOrganisation, {
        [path]: [STRATEGY_MESSAGES.personNotInOrganisation],
      });
    }
    idByEmail.set(row.email, row.id);
  }

  const newEmails = emails.filter((email) => !idByEmail.has(email));
  let invited = false;
  if (newEmails.length > 0) {
    invited = (await inviteEmails(ctx, tx, user.id, newEmails)).invited.length > 0;
    const created = await tx
      .insert(users)
      .values(newEmails.map((email) => ({ email, organisationId: user.organisationId, isPlaceholder: true })))
      .returning({ id: users.id, email: users.email });
    for (const row of created) idByEmail.set(row.email, row.id);
  }

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
