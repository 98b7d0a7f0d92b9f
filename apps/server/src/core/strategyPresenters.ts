/** The wire form (spec §3) of strategies, focus areas and initiatives, built in one place. */
import type {
  Comment,
  FocusArea,
  Initiative,
  Measure,
  StrategySummary,
  UserSummary,
} from '@keystone/contract';
import type { focusAreas, initiatives, strategies } from '../db/schema';
import { charterTexts } from './charterColumns';

type StrategyRow = typeof strategies.$inferSelect;
type FocusAreaRow = typeof focusAreas.$inferSelect;
type InitiativeRow = typeof initiatives.$inferSelect;

export interface InitiativePeople {
  owners: UserSummary[];
  sponsors: UserSummary[];
  teamMembers: UserSummary[];
  approvalUser: UserSummary | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentStrategySummary(strategy: StrategyRow, masters: UserSummary[]): StrategySummary {
  return {
    id: strategy.id,
    model: 'strategy',
    title: strategy.title,
    ambition: strategy.ambition,
    status: strategy.status,
    version: strategy.version,
    user: strategy.createdBy,
    created_at: strategy.createdAt.toISOString(),
    updated_at: strategy.updatedAt.toISOString(),
    strategy_masters: masters,
  };
}

export function presentInitiative(
  initiative: InitiativeRow,
  people: InitiativePeople,
  comments: Comment[],
  measures: Measure[],
): Initiative {
  return {
    id: initiative.id,
    model: 'initiative',
    title: initiative.title,
    ...charterTexts(initiative),
    status: initiative.status,
    last_status: initiative.lastStatus,
    last_progress_update: iso(initiative.lastProgressUpdate),
    last_progress_comment: initiative.lastProgressComment,
    sponsor_approval: initiative.sponsorApproval,
    sponsor_approval_at: iso(initiative.sponsorApprovalAt),
    sponsor_approval_requested: initiative.sponsorApprovalRequested,
    sponsor_approval_user: people.approvalUser,
    sort_index: initiative.sortIndex,
    version: initiative.version,
    focus_area: initiative.focusAreaId,
    sponsor: people.sponsors[0]?.id ?? null,
    owners: people.owners,
    sponsors: people.sponsors,
    team_members: people.teamMembers,
    comments,
    measures,
    created_at: initiative.createdAt.toISOString(),
    updated_at: initiative.updatedAt.toISOString(),
  };
}

export function presentFocusArea(
  focusArea: FocusAreaRow,
  contents: { initiatives: Initiative[]; measures: Measure[] } = { initiatives: [], measures: [] },
): FocusArea {
  return {
    id: focusArea.id,
    model: 'focusArea',
    title: focusArea.title,
    sort_index: focusArea.sortIndex,
    version: focusArea.version,
    strategy: focusArea.strategyId,
    created_at: focusArea.createdAt.toISOString(),
    updated_at: focusArea.updatedAt.toISOString(),
    initiatives: contents.initiatives,
    measures: contents.measures,
  };
}
