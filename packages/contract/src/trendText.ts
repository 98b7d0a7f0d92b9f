/**
 * The words of the status trend: the progress page's chart with its table, and the portfolio's
 * trend column with its text form. The bars themselves say nothing in words, so these texts are
 * what a screen reader hears and what anyone can read instead of the colours.
 */
import { formatDay } from './boardText';
import { formatDueDate, type StatusHistory } from './progress';
import { INITIATIVE_STATUS_CODES, INITIATIVE_STATUSES } from './statuses';

type TrendEntry = StatusHistory[number];

const countOf = (entry: TrendEntry, code: keyof typeof INITIATIVE_STATUSES) => entry.counts[code] ?? 0;

/** Every initiative counted at one due date. */
export const trendTotal = (entry: TrendEntry): number =>
  INITIATIVE_STATUS_CODES.reduce((sum, code) => sum + countOf(entry, code), 0);

/** "3 initiatives (1 Inactive, 2 On Track)": the counts of one due date, statuses present only. */
function countsInWords(entry: TrendEntry): string {
  const total = trendTotal(entry);
  const parts = INITIATIVE_STATUS_CODES.filter((code) => countOf(entry, code) > 0).map(
    (code) => `${countOf(entry, code)} ${INITIATIVE_STATUSES[code].label}`,
  );
  return `${total} ${total === 1 ? 'initiative' : 'initiatives'}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

export const TREND_TEXT = {
  heading: 'Status at each due date',
  loadFailed: 'The status trend could not be loaded.',
  beforeFirstDueDate: 'The trend of initiative statuses appears here once the first due date has passed.',
  lastOf: (shown: number, total: number) => `The last ${shown} of ${total} due dates.`,
  /** The table's caption, and the start of the chart's name. */
  title: 'Initiatives by status at each due date',
  /** One bar: its due date and counts, e.g. "11/23/2026 at 09:00 AM GMT+1: 3 initiatives (3 On Track)". */
  bar: (entry: TrendEntry, timeZone: string) =>
    `${formatDueDate(entry.date, timeZone)}: ${countsInWords(entry)}`,
  /**
   * The chart's name: how many due dates it spans and where the latest stands, short enough to
   * hear at once; the table beside it has every number.
   */
  summary: (entries: readonly TrendEntry[], timeZone: string) => {
    const first = entries[0];
    const last = entries.at(-1);
    if (!first || !last) return TREND_TEXT.title;
    const span =
      entries.length === 1
        ? '1 due date'
        : `${entries.length} due dates, ${formatDay(first.date, timeZone)} to ${formatDay(last.date, timeZone)}`;
    return `${TREND_TEXT.title}: ${span}. Latest: ${countsInWords(last)}.`;
  },
  showTable: 'Show as table',
  hideTable: 'Hide table',
  dueDate: 'Due date',
  total: 'All',
  /** The portfolio's switch between the bars and their counts written out. */
  showAsText: 'Show trends as text',
  /** One due date in the portfolio's text form, e.g. "12/08: 1 Blocked, 1 On Track". */
  shortLine: (day: string, entry: TrendEntry) => `${day}: ${countsInWords(entry)}`,
} as const;
