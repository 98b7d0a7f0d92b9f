/**
 * The readings download (GET /api/strategy/{id}/measure-readings.csv): its columns as a
 * spreadsheet shows them, in order. One row per measure and due date; the server writes it
 * (modules/measures/readingsCsv.ts).
 */
export const READINGS_CSV_COLUMNS = [
  'Strategy',
  'Focus area',
  'Initiative',
  'Measure',
  'Unit',
  'Due date',
  'Value',
  'Note',
  'Expected value',
  'Suggestion',
] as const;

/** The downloaded file's name: ASCII, so every browser and spreadsheet keeps it as it is. */
export const readingsCsvFileName = (strategyId: number) => `measure-readings-${strategyId}.csv`;

export const READINGS_CSV_TEXT = {
  /** The strategy menu's item. */
  download: 'Download readings (CSV)',
  failed: 'Could not download the readings.',
} as const;
