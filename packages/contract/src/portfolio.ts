/** The portfolio overview (issue 18): every strategy the user can see, at a glance, in one read. */
import { idSchema } from './primitives';
import { statusHistorySchema } from './progress';
import { plainText } from './richText';
import { INITIATIVE_STATUS_CODES } from './statuses';
import { z } from './z';

/** How many of the latest due dates the overview's trend shows. */
export const PORTFOLIO_TREND_DATES = 4;

/**
 * An initiative's current update (its not yet locked Progress, Roadblocks and Next steps comments)
 * is empty when none of them has visible text: markup, spaces and blank paragraphs do not count.
 */
export function isUpdateEmpty(comments: readonly (string | null | undefined)[]): boolean {
  return comments.every((comment) => plainText(comment).trim() === '');
}

const statusCountsSchema = z.record(
  z.enum(INITIATIVE_STATUS_CODES as ['IN', 'CO', 'BL', 'DE', 'OT']),
  z.number(),
);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const portfolioStrategySchema = z.object({
  id: idSchema,
  /** Plain text; empty while untitled. */
  title: z.string(),
  /** Initiatives per current status (no status reads as Inactive). */
  counts: statusCountsSchema,
  /** Initiatives per status at each of the last due dates (as locked then), oldest first. */
  trend: statusHistorySchema,
  /** ISO 8601 with the strategy's zone offset; null while no schedule is set. */
  next_due_date: z.string().nullable(),
  time_zone: z.string(),
  /** Initiatives whose current update is still empty (isUpdateEmpty), in page order. */
  empty_updates: z.array(z.object({ id: idSchema, title: z.string(), focus_area_title: z.string() })),
  /** How many measures the strategy has, so "none off track" reads apart from "no measures". */
  measure_count: z.number(),
  /**
   * Measures whose latest value the numbers call off track (measureSuggestion), in page order:
   * each with the initiative it belongs to (null for a focus area's own) and its titles.
   */
  measures_off_track: z.array(
    z.object({
      id: idSchema,
      title: z.string(),
      initiative: idSchema.nullable(),
      /** Empty for a focus area's measure. */
      initiative_title: z.string(),
      focus_area_title: z.string(),
    }),
  ),
});
export type PortfolioStrategy = z.infer<typeof portfolioStrategySchema>;

export const portfolioSchema = z.array(portfolioStrategySchema);
