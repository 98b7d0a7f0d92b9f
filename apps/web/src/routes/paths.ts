/** Links that depend on the strategy the user worked on last (spec §2 Layout and /login). */
import { readLastActiveStrategy } from '../api/session';

export function lastStrategyPath(): string {
  const strategyId = readLastActiveStrategy();
  return strategyId ? `/strategy/${strategyId}` : '/strategy';
}

export function lastProgressPath(): string {
  const strategyId = readLastActiveStrategy();
  return strategyId ? `/progress-update/${strategyId}` : '/strategies';
}

/** Administrators' page of their organisation (issue 14). */
export const organisationPath = '/organisation';

export const strategyTeamPath = (strategyId: number) => `/strategy-team/${strategyId}`;
