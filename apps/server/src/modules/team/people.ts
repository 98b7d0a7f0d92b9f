/**
 * The people of a team request as the team's rules need them: user ids of the organisation. How
 * typed e-mails become ids (inviting new people) is the command's part (commands/assignTeam.ts).
 */
import type { PersonReference } from '@keystone/contract';
import type { HttpError } from '../../core/errors';
import type { Queryable } from '../../db/client';

/** The people of one list of the request, with the list's path for error keys. */
export interface PeopleGroup {
  path: string;
  people: readonly PersonReference[];
}

export interface ResolvedPeople {
  /** User id for each reference, in the same order. */
  idsFor(references: readonly PersonReference[]): number[];
  /** True when someone new was invited (so the outbox should be woken). */
  invited: boolean;
}

/**
 * Resolves every reference of a request at once, in the request's transaction. Answers a refusal
 * instead when a typed address cannot join the organisation; nothing is invited or created then.
 */
export type ResolvePeople = (
  tx: Queryable,
  groups: readonly PeopleGroup[],
) => Promise<ResolvedPeople | { refusal: HttpError }>;
