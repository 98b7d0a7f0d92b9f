/**
 * The texts of the progress report's summary (issue 18): what changed since the previous due
 * date, at a glance, and what the measures say (issue 30). Untitled records get a label that cannot pass for a title, never the board's
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
  // Measures (issue 30): said only when the strategy has any.
  measuresOffTrack: 'Measures off track',
  noMeasureOffTrack: 'No measure is off track.',
  /** A value against its target: "€1,000.00; target: Increase to €2,000.00". */
  againstTarget: (value: string, direction: string, target: string) =>
    `${value}; target: ${direction} ${target}`,
  expectedNow: (expected: string) => `expected now: ${expected}`,
  biggestMovesSince: (previousDueDate: string) =>
    `Biggest moves of measures since the previous due date, ${previousDueDate}`,
  biggestMovesHeading: 'Biggest moves of measures',
  firstReading: 'This is the first due date: there is no earlier reading to compare with.',
  noMoves: 'No measure moved since the previous due date.',
  /** Which way a move went, in words (colour never says it alone), and where the measure stands now. */
  towardTarget: 'toward the target',
  awayFromTarget: 'away from the target',
  progressNow: (progress: string) => `progress ${progress}`,
  targetNow: (metOrNot: string) => `target ${metOrNot}`,
} as const;
