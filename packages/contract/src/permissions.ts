/**
 * DESIGN §4's permission table as pure functions. The server enforces them; the browser
 * uses the same functions to decide what is read-only, so the two never drift apart.
 */

/** Who holds which role in a strategy, by user id. */
export interface StrategyRoles {
  masterIds: readonly number[];
  initiatives: readonly InitiativeRoles[];
}

export interface InitiativeRoles {
  ownerIds: readonly number[];
  sponsorIds: readonly number[];
  teamMemberIds: readonly number[];
}

const isMaster = (userId: number, strategy: StrategyRoles) => strategy.masterIds.includes(userId);
const isOwner = (userId: number, initiative: InitiativeRoles) => initiative.ownerIds.includes(userId);
const isSponsor = (userId: number, initiative: InitiativeRoles) => initiative.sponsorIds.includes(userId);
const isTeamMember = (userId: number, initiative: InitiativeRoles) =>
  initiative.teamMemberIds.includes(userId);

/** Title, ambition, focus areas, adding/reordering/deleting, masters, settings, deleting the strategy. */
export function canEditStrategy(userId: number, strategy: StrategyRoles): boolean {
  return isMaster(userId, strategy);
}

/**
 * Bringing back a deleted focus area or initiative (within the retention period): the strategy's
 * masters alone, since they are the ones who may delete; an administrator without a role may not.
 */
export function canRestoreDeleted(userId: number, strategy: StrategyRoles): boolean {
  return isMaster(userId, strategy);
}

/** Initiative title, charter fields and timelines. */
export function canEditInitiative(
  userId: number,
  strategy: StrategyRoles,
  initiative: InitiativeRoles,
): boolean {
  return isMaster(userId, strategy) || isOwner(userId, initiative) || isSponsor(userId, initiative);
}

/** Approving the charter and changing the sponsors. */
export function canApproveInitiative(
  userId: number,
  strategy: StrategyRoles,
  initiative: InitiativeRoles,
): boolean {
  return isMaster(userId, strategy) || isSponsor(userId, initiative);
}

/** Changing the sponsors: the same people as approving. @alias */
export const canEditSponsors = canApproveInitiative;

export function canRequestApproval(
  userId: number,
  strategy: StrategyRoles,
  initiative: InitiativeRoles,
): boolean {
  return isMaster(userId, strategy) || isOwner(userId, initiative);
}

export function canEditOwners(userId: number, strategy: StrategyRoles, initiative: InitiativeRoles): boolean {
  return canEditInitiative(userId, strategy, initiative);
}

/** Status, comments and team members. */
export function canEditProgress(
  userId: number,
  strategy: StrategyRoles,
  initiative: InitiativeRoles,
): boolean {
  return canEditInitiative(userId, strategy, initiative) || isTeamMember(userId, initiative);
}

/** Changing the team members: the same people as editing progress. @alias */
export const canEditTeamMembers = canEditProgress;

/**
 * Defining a measure (DESIGN §10): whoever may edit its initiative, or the strategy for a
 * measure of a focus area (`initiative` null).
 */
export function canDefineMeasure(
  userId: number,
  strategy: StrategyRoles,
  initiative: InitiativeRoles | null,
): boolean {
  return initiative ? canEditInitiative(userId, strategy, initiative) : canEditStrategy(userId, strategy);
}

/** Entering a measure's readings: whoever may edit its initiative's progress, or the strategy's masters. */
export function canWriteReading(
  userId: number,
  strategy: StrategyRoles,
  initiative: InitiativeRoles | null,
): boolean {
  return initiative ? canEditProgress(userId, strategy, initiative) : canEditStrategy(userId, strategy);
}

/** Masters and anyone with a role in one of its initiatives see a strategy. */
export function canViewStrategy(userId: number, strategy: StrategyRoles): boolean {
  return (
    isMaster(userId, strategy) ||
    strategy.initiatives.some(
      (initiative) =>
        isOwner(userId, initiative) || isSponsor(userId, initiative) || isTeamMember(userId, initiative),
    )
  );
}

/** Who is asking, where a rule also depends on being an administrator of the organisation. */
export interface Actor {
  id: number;
  isAdmin: boolean;
}

/**
 * The strategy masters: masters, and the organisation's administrators, so no strategy is ever
 * left without someone who can run it (issue 14). Administrators get nothing else from it.
 */
export function canEditMasters(user: Actor, strategy: StrategyRoles): boolean {
  return user.isAdmin || canEditStrategy(user.id, strategy);
}

/** The team page (titles and people, not content): viewers, and the organisation's administrators. */
export function canViewTeam(user: Actor, strategy: StrategyRoles): boolean {
  return user.isAdmin || canViewStrategy(user.id, strategy);
}

interface PersonWithId {
  id: number | null;
}
interface InitiativePeople {
  owners: readonly PersonWithId[];
  sponsors: readonly PersonWithId[];
  team_members: readonly PersonWithId[];
}

const ids = (people: readonly PersonWithId[]) =>
  people.map((person) => person.id).filter((id): id is number => id !== null);

/** The roles of one initiative, read from its wire form. */
export function initiativeRoles(initiative: InitiativePeople): InitiativeRoles {
  return {
    ownerIds: ids(initiative.owners),
    sponsorIds: ids(initiative.sponsors),
    teamMemberIds: ids(initiative.team_members),
  };
}

/** The roles of a whole strategy, read from its wire form (GET /strategy/{id}). */
export function strategyRoles(strategy: {
  strategy_masters: readonly PersonWithId[];
  focus_areas?: readonly { initiatives: readonly InitiativePeople[] }[];
}): StrategyRoles {
  return {
    masterIds: ids(strategy.strategy_masters),
    initiatives: (strategy.focus_areas ?? []).flatMap((area) => area.initiatives.map(initiativeRoles)),
  };
}
