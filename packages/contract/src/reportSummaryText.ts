/**
 * The texts of the progress report's summary (issue 18): what changed since the previous due
 * date, at a glance. Untitled records get a label that cannot pass for a title, never the board's
 * placeholders ("Name your initiative"), which are prompts to the editor, not names.
 */
export const REPORT_SUMMARY_TEXTS = {
  heading: 'At a glance',
  statusCounts: 'Initiatives by status',
  changesSince: (previousDueDate: string) => `Status changes since the previous due date, ${previousDueDate}`,
  changesHeading: 'Status changes',
  firstDueDate: 'This is the first due date: there is no earlier status to compare with.',
  noChanges: 'No initiative changed status since the previous due date.',
  newRoadblocks: 'New roadblocks',
  noNewRoadblocks: 'No new roadblocks.',
  detailsHeading: 'Initiatives in detail',
  untitledInitiative: '(Untitled initiative)',
  untitledFocusArea: '(Untitled focus area)',
  noRows: 'No initiative of this strategy has a title, a status or an update yet.',
} as const;
