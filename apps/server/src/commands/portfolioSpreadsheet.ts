/** The portfolio's download: its overview (modules/portfolio) as one row per strategy. */
import { formatDay, INITIATIVE_STATUS_CODES, PORTFOLIO_SHEET_COLUMNS } from '@keystone/contract';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { readPortfolio } from '../modules/portfolio/service';
import type { Sheet } from '../modules/spreadsheets/sheets';

export async function portfolioSheet(ctx: AppContext, user: Actor): Promise<Sheet> {
  const strategies = await readPortfolio(ctx, user);
  // The contract's status order is the board's: Inactive, Completed, Blocked, Delayed, On Track.
  const rows = strategies.map((strategy) => [
    strategy.title,
    ...INITIATIVE_STATUS_CODES.map((code) => String(strategy.counts[code] ?? 0)),
    strategy.next_due_date ? formatDay(strategy.next_due_date, strategy.time_zone) : '',
    String(strategy.empty_updates.length),
    String(strategy.measure_count),
    String(strategy.measures_off_track.length),
  ]);
  return { name: 'Portfolio', columns: PORTFOLIO_SHEET_COLUMNS, rows };
}
