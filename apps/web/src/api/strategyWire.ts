/**
 * Strategies, focus areas and initiatives as the screens see them (camelCase), built from the
 * contract's wire forms. Each record carries its roles, read with the contract's own helpers,
 * so screens ask canEditStrategy / canEditInitiative and never look at people lists themselves.
 */
import {
  type CommentType,
  type InitiativeRoles,
  type InitiativeStatus,
  initiativeRoles,
  type StrategyRoles,
  strategyRoles,
  type Comment as WireComment,
  type FocusArea as WireFocusArea,
  type Initiative as WireInitiative,
  type UserSummary as WirePerson,
  type Strategy as WireStrategy,
  type StrategySummary as WireStrategySummary,
  type StrategyTeam as WireStrategyTeam,
} from '@keystone/contract';

export interface Person {
  id: number | null;
  name: string | null;
  email: string;
  /** Set only for a deactivated person who still holds a role: shown marked, never offered. */
  deactivated?: true;
}

export function toPerson(wire: WirePerson): Person {
  const person: Person = { id: wire.id, name: wire.name, email: wire.email };
  if (wire.is_active === false) person.deactivated = true;
  return person;
}

/** A progress comment (spec §3): current ones sit on their initiative, locked ones are history. */
export interface Comment {
  id: number;
  comment: string;
  commentType: CommentType;
  isLocked: boolean;
  lockedAt: string | null;
  initiative: number;
  /** The initiative's status when the comment was locked; null while it is current. */
  initiativeStatus: InitiativeStatus | null;
  /** Grows with each change; an edit names the one it started from. */
  version: number;
  /** Who wrote the text as it stands (null while nobody has), and when it last changed. */
  author: Person | null;
  updatedAt: string;
}

export interface Initiative {
  id: number;
  version: number;
  title: string;
  problemStatement: string;
  inScope: string;
  outScope: string;
  deliverables: string;
  risksAndDependencies: string;
  impact: string;
  investment: string;
  workPlan: string;
  status: string;
  lastStatus: string | null;
  lastProgressUpdate: string | null;
  lastProgressComment: string | null;
  sponsorApproval: boolean;
  sponsorApprovalAt: string | null;
  sponsorApprovalRequested: boolean;
  sponsorApprovalUser: Person | null;
  sortIndex: number;
  focusArea: number;
  owners: Person[];
  sponsors: Person[];
  teamMembers: Person[];
  /** The current (unlocked) Progress, Roadblocks and Next steps comments, in that order. */
  comments: Comment[];
  createdAt: string;
  updatedAt: string;
  roles: InitiativeRoles;
}

export interface FocusArea {
  id: number;
  version: number;
  title: string;
  sortIndex: number;
  strategy: number;
  createdAt: string;
  updatedAt: string;
  initiatives: Initiative[];
}

export interface StrategySummary {
  id: number;
  version: number;
  title: string;
  ambition: string;
  status: boolean;
  user: number | null;
  createdAt: string;
  updatedAt: string;
  strategyMasters: Person[];
  /** Masters only: a summary has no initiatives, which is all canEditStrategy needs. */
  roles: StrategyRoles;
}

export interface Strategy extends StrategySummary {
  focusAreas: FocusArea[];
}

const bySortIndex = <T extends { sortIndex: number }>(items: T[]) =>
  [...items].sort((a, b) => a.sortIndex - b.sortIndex);

export function toComment(wire: WireComment): Comment {
  return {
    id: wire.id,
    comment: wire.comment,
    commentType: wire.comment_type,
    isLocked: wire.is_locked,
    lockedAt: wire.locked_at,
    initiative: wire.initiative,
    initiativeStatus: wire.initiative_status,
    version: wire.version,
    author: wire.author && toPerson(wire.author),
    updatedAt: wire.updated_at,
  };
}

export function toInitiative(wire: WireInitiative): Initiative {
  return {
    id: wire.id,
    version: wire.version,
    title: wire.title,
    problemStatement: wire.problem_statement,
    inScope: wire.in_scope,
    outScope: wire.out_scope,
    deliverables: wire.deliverables,
    risksAndDependencies: wire.risks_and_dependencies,
    impact: wire.impact,
    investment: wire.investment,
    workPlan: wire.work_plan,
    status: wire.status,
    lastStatus: wire.last_status,
    lastProgressUpdate: wire.last_progress_update,
    lastProgressComment: wire.last_progress_comment,
    sponsorApproval: wire.sponsor_approval,
    sponsorApprovalAt: wire.sponsor_approval_at,
    sponsorApprovalRequested: wire.sponsor_approval_requested,
    sponsorApprovalUser: wire.sponsor_approval_user && toPerson(wire.sponsor_approval_user),
    sortIndex: wire.sort_index,
    focusArea: wire.focus_area,
    owners: wire.owners.map(toPerson),
    sponsors: wire.sponsors.map(toPerson),
    teamMembers: wire.team_members.map(toPerson),
    comments: wire.comments.map(toComment),
    createdAt: wire.created_at,
    updatedAt: wire.updated_at,
    roles: initiativeRoles(wire),
  };
}

export function toFocusArea(wire: WireFocusArea): FocusArea {
  return {
    id: wire.id,
    version: wire.version,
    title: wire.title,
    sortIndex: wire.sort_index,
    strategy: wire.strategy,
    createdAt: wire.created_at,
    updatedAt: wire.updated_at,
    initiatives: bySortIndex(wire.initiatives.map(toInitiative)),
  };
}

export function toStrategySummary(wire: WireStrategySummary): StrategySummary {
  return {
    id: wire.id,
    version: wire.version,
    title: wire.title,
    ambition: wire.ambition,
    status: wire.status,
    user: wire.user,
    createdAt: wire.created_at,
    updatedAt: wire.updated_at,
    strategyMasters: wire.strategy_masters.map(toPerson),
    roles: strategyRoles(wire),
  };
}

export function toStrategy(wire: WireStrategy): Strategy {
  return {
    ...toStrategySummary(wire),
    roles: strategyRoles(wire),
    focusAreas: bySortIndex(wire.focus_areas.map(toFocusArea)),
  };
}

/**
 * What the team page shows: titles and people. A whole strategy is one; so is the answer of
 * GET /strategy/{id}/team/, which administrators without a role get instead of the content.
 */
export interface TeamInitiative {
  id: number;
  title: string;
  owners: Person[];
  sponsors: Person[];
  teamMembers: Person[];
  roles: InitiativeRoles;
}
export interface TeamFocusArea {
  id: number;
  title: string;
  initiatives: TeamInitiative[];
}
export interface StrategyTeam {
  id: number;
  title: string;
  strategyMasters: Person[];
  roles: StrategyRoles;
  focusAreas: TeamFocusArea[];
}

const byWireSortIndex = <T extends { sort_index: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.sort_index - b.sort_index);

export function toStrategyTeam(wire: WireStrategyTeam): StrategyTeam {
  return {
    id: wire.id,
    title: wire.title,
    strategyMasters: wire.strategy_masters.map(toPerson),
    roles: strategyRoles(wire),
    focusAreas: byWireSortIndex(wire.focus_areas).map((area) => ({
      id: area.id,
      title: area.title,
      initiatives: byWireSortIndex(area.initiatives).map((initiative) => ({
        id: initiative.id,
        title: initiative.title,
        owners: initiative.owners.map(toPerson),
        sponsors: initiative.sponsors.map(toPerson),
        teamMembers: initiative.team_members.map(toPerson),
        roles: initiativeRoles(initiative),
      })),
    })),
  };
}

/** The roles of a strategy as held in the cache, recomputed after its people or items change. */
export function rolesOf(strategy: Pick<Strategy, 'strategyMasters' | 'focusAreas'>): StrategyRoles {
  return {
    masterIds: strategy.strategyMasters.map((person) => person.id).filter((id): id is number => id !== null),
    initiatives: strategy.focusAreas.flatMap((area) =>
      area.initiatives.map((initiative) => initiative.roles),
    ),
  };
}
