/**
 * The words of measures on screen (DESIGN §10): the board's line per measure, the definition
 * dialog, the charter's section with its charts and tables, and the suggestion beside a status.
 * Errors are MEASURE_MESSAGES (measures.ts); what the numbers say is measureMath.ts.
 */
import { SUGGESTION_LABELS, type Suggestion } from './measureMath';

export const MEASURE_TEXT = {
  measures: 'Measures',
  noneYet: 'No measures yet.',
  noneYetEditable: 'No measures yet. Add up to three numbers with a target, read at every due date.',
  noReading: 'No reading',
  addMeasure: 'Add measure',
  /** Add measure's name where several focus areas each have one: the visible words first. */
  addMeasureTo: (owner: string) => `Add measure to ${owner}`,
  /** The board's and the charter's line: "€1,200.00 of €2,000.00". */
  valueOfTarget: (value: string, target: string) => `${value} of ${target}`,
  /** Said where no reading has a value yet, beside the target. */
  noReadingOfTarget: (target: string) => `No reading yet, target ${target}`,
  suggested: (suggestion: Suggestion) => `Suggested: ${SUGGESTION_LABELS[suggestion]}`,
  /** The mark beside an owner's status the numbers disagree with. */
  mismatch: 'Numbers disagree with this status',
  /** Control names, each holding the measure's title so a list of buttons stays readable. */
  edit: (title: string) => `Edit measure ${title}`,
  delete: (title: string) => `Delete measure ${title}`,
  measuresOf: (owner: string) => `Measures of ${owner}`,
  // ---- the definition dialog
  newTitle: 'New measure',
  editTitle: 'Edit measure',
  save: 'Save measure',
  cancel: 'Cancel',
  deleteTitle: 'Delete this measure?',
  deleteConfirm: 'Delete measure',
  saveFailed: 'The measure could not be saved. Try again.',
  deleteFailed: 'The measure could not be deleted. Try again.',
  fields: {
    title: 'Title',
    unit: 'Unit',
    currency: 'Currency code',
    unitLabel: 'Unit label (optional)',
    decimals: 'Decimals',
    baseline: 'Baseline',
    target: 'Target',
    targetDate: 'Target date',
    direction: 'Direction',
    amberBand: 'Amber band (%)',
  },
  hints: {
    currency: 'ISO 4217, such as EUR or USD',
    unitLabel: 'Such as customers',
    targetDate: 'Left empty: the strategy’s last due date within a year',
    amberBand: 'How far behind the expected value still counts as behind rather than off track',
  },
  // ---- the charter's charts and their tables
  chartSummary: (title: string, latest: string | null, target: string) =>
    latest === null
      ? `${title}: no reading yet, target ${target}`
      : `${title}: latest ${latest}, target ${target}`,
  showTable: 'Show as table',
  hideTable: 'Hide table',
  tableCaption: (title: string) => `Readings of ${title}`,
  dueDate: 'Due date',
  reading: 'Reading',
  expected: 'Expected',
  note: 'Note',
  current: 'Current',
  legend: { reading: 'Reading', expected: 'Expected', target: 'Target' },
  definition: (direction: string, target: string, date: string) => `${direction} ${target} by ${date}`,
  baselineAt: (baseline: string) => `Baseline ${baseline}`,
  progress: (text: string) => `Progress ${text}`,
  // ---- the progress page's readings
  /** A reading's boxes, named with the measure's title: "Value of Monthly revenue". */
  valueOf: (title: string) => `Value of ${title}`,
  noteOf: (title: string) => `Note on ${title}`,
  value: 'Value',
  valuePlaceholder: 'Enter a value',
  notePlaceholder: 'Add a short note',
  noNote: 'No note.',
  readingSaveFailed: 'Failed to save the reading',
  fetchLockedReadingsFailed: 'Failed to fetch locked readings',
  /** The sparkline's name: how many readings it draws and the latest. */
  trendSummary: (title: string, count: number, latest: string | null) =>
    `Trend of ${title}: ${count} ${count === 1 ? 'reading' : 'readings'}${latest ? `, latest ${latest}` : ''}.`,
} as const;
