/** How the overview's columns sort: each column's key, and a stable order for equal keys. */
import type { InitiativeStatus, StatusCounts } from '@keystone/contract';
import { plainText } from '@keystone/contract';
import type { PortfolioRow } from '../../api/portfolio';

export const PORTFOLIO_COLUMNS = [
  'title',
  'now',
  'trend',
  'nextDue',
  'emptyUpdates',
  'measuresOffTrack',
] as const;
export type PortfolioColumn = (typeof PORTFOLIO_COLUMNS)[number];
export type SortDirection = 'ascending' | 'descending';
export interface PortfolioSort {
  column: PortfolioColumn;
  direction: SortDirection;
}

/** Initiatives needing attention weigh most: Blocked before Delayed, then those not started. */
const ATTENTION: Record<InitiativeStatus, number> = { BL: 10_000, DE: 100, IN: 1, OT: 0, CO: 0 };
const attention = (counts: StatusCounts) =>
  (Object.keys(ATTENTION) as InitiativeStatus[]).reduce(
    (sum, code) => sum + ATTENTION[code] * counts[code],
    0,
  );

/** A row's key for a column; null sorts last whatever the direction (no date, no history). */
function keyOf(row: PortfolioRow, column: PortfolioColumn): string | number | null {
  switch (column) {
    case 'title':
      return plainText(row.title).trim().toLocaleLowerCase() || null;
    case 'now':
      return attention(row.counts);
    case 'trend': {
      const latest = row.trend.at(-1);
      return latest ? attention(latest.counts) : null;
    }
    case 'nextDue':
      return row.nextDueDate ? Date.parse(row.nextDueDate) : null;
    case 'emptyUpdates':
      return row.emptyUpdates.length;
    case 'measuresOffTrack':
      // A strategy without measures has nothing to say here: last either way.
      return row.measureCount === 0 ? null : row.measuresOffTrack.length;
  }
}

/** The first click on a column: names A to Z and dates soonest first, counts most first. */
export function firstDirection(column: PortfolioColumn): SortDirection {
  return column === 'title' || column === 'nextDue' ? 'ascending' : 'descending';
}

export function sortRows(rows: readonly PortfolioRow[], sort: PortfolioSort | null): PortfolioRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  // Array.prototype.sort is stable: equal keys keep the server's order (most recently worked-on first).
  return [...rows].sort((a, b) => {
    const left = keyOf(a, sort.column);
    const right = keyOf(b, sort.column);
    if (left === right) return 0;
    if (left === null) return 1;
    if (right === null) return -1;
    if (typeof left === 'string' && typeof right === 'string') return sign * left.localeCompare(right);
    return sign * (Number(left) - Number(right));
  });
}
