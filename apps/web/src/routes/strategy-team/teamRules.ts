/**
 * The team form's rules without React (spec §2, §5): its values, the owner-required check, typed
 * e-mail addresses as new entries, the pickers' order and the payload of the save call.
 */
import { type AssignTeamRequest, isValidEmail, MESSAGES, type PersonReference } from '@keystone/contract';
import type { Person } from '../../api/strategies';
import type { StrategyTeam } from '../../api/strategyWire';

export interface InitiativeTeam {
  initiativeId: number;
  owners: Person[];
  sponsors: Person[];
  teamMembers: Person[];
}

/** Initiatives in page order, which is also the payload's order, so server error keys match. */
export interface TeamFormValues {
  masters: Person[];
  initiatives: InitiativeTeam[];
}

export type TeamFieldName = 'masters' | `initiatives.${number}.${'owners' | 'sponsors' | 'teamMembers'}`;

export function teamValuesOf(strategy: StrategyTeam): TeamFormValues {
  return {
    masters: strategy.strategyMasters,
    initiatives: strategy.focusAreas.flatMap((area) =>
      area.initiatives.map((initiative) => ({
        initiativeId: initiative.id,
        owners: initiative.owners,
        sponsors: initiative.sponsors,
        teamMembers: initiative.teamMembers,
      })),
    ),
  };
}

/** Spec §5: an initiative that had owners cannot be left without one. */
export function ownersProblem(owners: readonly Person[], savedOwners: readonly Person[]): string | undefined {
  return owners.length === 0 && savedOwners.length > 0 ? MESSAGES.fieldRequired : undefined;
}

/** Temporary ids are negative, so they can never be mistaken for a real user's id. */
export const isTemporary = (person: Person) => person.id === null || person.id <= 0;

export const samePerson = (a: Person, b: Person) =>
  isTemporary(a) || isTemporary(b) ? a.email.toLowerCase() === b.email.toLowerCase() : a.id === b.id;

/**
 * A typed address: an existing user when one has it, else a new entry with the address as given,
 * no name and a temporary id (spec §2). Null when it is not an e-mail address.
 */
export function personFromTypedEmail(
  text: string,
  known: readonly Person[],
  temporaryId: number,
): Person | null {
  const email = text.trim();
  if (!isValidEmail(email)) return null;
  return (
    known.find((person) => person.email.toLowerCase() === email.toLowerCase()) ?? {
      id: temporaryId,
      name: null,
      email,
    }
  );
}

/** Spec §2: by name, people without a name (not signed up yet) last, then by e-mail. */
export function sortPeople<P extends Person>(people: readonly P[]): P[] {
  return [...people].sort((a, b) => {
    if (a.name === null || b.name === null) {
      if (a.name !== b.name) return a.name === null ? 1 : -1;
      return a.email.localeCompare(b.email);
    }
    return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.email.localeCompare(b.email);
  });
}

/** People not yet users go as {id: null, email}: the server invites them and assigns them at once. */
const reference = (person: Person): PersonReference => ({
  id: isTemporary(person) ? null : person.id,
  email: person.email,
});

const storedIds = (people: readonly Person[]) =>
  people.filter((person) => !isTemporary(person)).map((person) => person.id!);

const sameIds = (a: readonly Person[], b: readonly Person[]) =>
  a.length === b.length && a.every((person) => b.some((other) => samePerson(person, other)));

/**
 * What each list's edit started from, after the stored team changed to `saved` (someone else's
 * save): a list the user has not touched starts from the new one, an edited list keeps the one it
 * started from, so its removals stay removals of what the user saw.
 */
export function rebase(base: TeamFormValues, values: TeamFormValues, saved: TeamFormValues): TeamFormValues {
  const pick = (from: Person[], now: Person[], stored: Person[]) => (sameIds(now, from) ? stored : from);
  return {
    masters: pick(base.masters, values.masters, saved.masters),
    initiatives: saved.initiatives.map((stored) => {
      const from = base.initiatives.find((team) => team.initiativeId === stored.initiativeId);
      const now = values.initiatives.find((team) => team.initiativeId === stored.initiativeId);
      if (!from || !now) return stored;
      return {
        initiativeId: stored.initiativeId,
        owners: pick(from.owners, now.owners, stored.owners),
        sponsors: pick(from.sponsors, now.sponsors, stored.sponsors),
        teamMembers: pick(from.teamMembers, now.teamMembers, stored.teamMembers),
      };
    }),
  };
}

/**
 * The save call. `base` (the lists the edit started from) lets the server merge the user's
 * additions and removals into the lists as stored now, keeping others' changes made meanwhile.
 */
export function teamPayload(
  strategyId: number,
  values: TeamFormValues,
  base: TeamFormValues,
): AssignTeamRequest {
  const baseOf = (initiativeId: number) =>
    base.initiatives.find((team) => team.initiativeId === initiativeId);
  return {
    strategy_id: strategyId,
    strategy_masters: values.masters.map(reference),
    initiatives: values.initiatives.map((team) => ({
      initiative_id: team.initiativeId,
      owners: team.owners.map(reference),
      sponsors: team.sponsors.map(reference),
      team_members: team.teamMembers.map(reference),
    })),
    base: {
      strategy_masters: storedIds(base.masters),
      initiatives: values.initiatives.flatMap((team) => {
        const from = baseOf(team.initiativeId);
        return from
          ? [
              {
                initiative_id: team.initiativeId,
                owners: storedIds(from.owners),
                sponsors: storedIds(from.sponsors),
                team_members: storedIds(from.teamMembers),
              },
            ]
          : [];
      }),
    },
  };
}

/** A 400's keys ('strategy_masters', 'initiatives.0.team_members') as form field names. */
export function formFieldOfServerKey(key: string): TeamFieldName | null {
  if (key === 'strategy_masters') return 'masters';
  const match = /^initiatives\.(\d+)\.(owners|sponsors|team_members)$/.exec(key);
  if (!match) return null;
  const field = match[2] === 'team_members' ? 'teamMembers' : (match[2] as 'owners' | 'sponsors');
  return `initiatives.${Number(match[1])}.${field}`;
}
