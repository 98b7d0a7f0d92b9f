/** Links that depend on the strategy the user works on (spec §2 Layout). */

/**
 * The header's Strategy and Progress links: the strategy given (the one open, else the one opened
 * last), or the list when there is none. Never /strategy, which creates one.
 */
export function headerPaths(strategyId: string | null): { strategy: string; progress: string } {
  if (strategyId === null) return { strategy: '/strategies', progress: '/strategies' };
  return { strategy: `/strategy/${strategyId}`, progress: `/progress-update/${strategyId}` };
}

/** Every strategy at a glance (issue 18). */
export const portfolioPath = '/portfolio';

/** "Start from a spreadsheet" (issue 32). */
export const importSpreadsheetPath = '/strategies/import';

/** Administrators' page of their organisation (issue 14). */
export const organisationPath = '/organisation';

export const strategyTeamPath = (strategyId: number) => `/strategy-team/${strategyId}`;

/** The accessibility statement and conformance report (issue 28), linked from the signed-out pages. */
export const accessibilityPath = '/accessibility';
