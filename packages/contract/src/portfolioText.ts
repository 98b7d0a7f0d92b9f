/** The words of the portfolio overview (issue 18), apart from its schemas. */
import { INITIATIVE_STATUSES, type InitiativeStatus } from './statuses';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const PORTFOLIO_TEXT = {
  pageTitle: 'Portfolio overview',
  headerLink: 'Portfolio',
  listLead: 'See them all at a glance in the',
  listLink: 'Portfolio overview',
  intro:
    'Every strategy you take part in: where its initiatives stand now, how that changed over the last due dates, whose update is still empty, and which measures are off track.',
  columns: {
    title: 'Strategy',
    now: 'Status now',
    trend: 'Last due dates',
    nextDue: 'Next due date',
    emptyUpdates: 'Empty updates',
    measuresOffTrack: 'Measures off track',
  },
  loading: 'Loading the portfolio overview',
  loadFailed: 'Failed to load the portfolio overview',
  empty: 'You take part in no strategy yet. Create one, or ask a strategy master to add you to theirs.',
  noSchedule: 'No schedule',
  noDueDateYet: 'No due date yet',
  noInitiatives: 'No initiatives',
  allWritten: 'All written',
  showFewer: 'Show fewer',
  showAll: (count: number) => `Show all ${count}`,
  emptyUpdates: (count: number) => plural(count, 'empty update', 'empty updates'),
  noMeasures: 'No measures',
  noneOffTrack: (total: number) =>
    total === 1 ? 'Its measure is not off track' : `None of ${total} off track`,
  offTrack: (count: number, total: number) => `${count} of ${total} off track`,
  /** What a screen reader hears for the counts now, e.g. "3 initiatives: 2 On Track, 1 Blocked". */
  countsText: (counts: Record<InitiativeStatus, number>, order: readonly InitiativeStatus[]) => {
    const total = order.reduce((sum, code) => sum + counts[code], 0);
    if (total === 0) return 'No initiatives';
    const parts = order
      .filter((code) => counts[code] > 0)
      .map((code) => `${counts[code]} ${INITIATIVE_STATUSES[code].label}`);
    return `${plural(total, 'initiative', 'initiatives')}: ${parts.join(', ')}`;
  },
} as const;
