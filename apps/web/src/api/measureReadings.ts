/**
 * Readings on the progress page (DESIGN §10): writing the current one, whose answer (the measure
 * as stored) goes into the cached strategy so every screen agrees without a refetch, a save
 * refused as stale handing autosave the other person's text; and the readings of a locked due
 * date, read once like its comments (history never changes).
 */
import {
  CONFLICT_CODES,
  type LockedReading,
  type Measure,
  measureSchema,
  type WriteReadingRequest,
} from '@keystone/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from './client';
import { fetchLockedReadings, writeReading } from './measures';
import { progressKey } from './progress';
import { keepingCurrent, staleAnswer } from './staleEdits';
import { editMeasure, editStoredStrategy } from './strategyCache';

/** The reading's fields edited one at a time (their wire names are their lock fields). */
export type ReadingField = 'value' | 'note';

/**
 * Someone else wrote this field of the reading after the version the edit started from: their
 * text (an empty value is "") and the reading's version now, for autosave's conflict.
 */
export function staleReading(error: unknown, field: ReadingField) {
  const stale = staleAnswer(error);
  const parsed = measureSchema.safeParse(stale?.current);
  if (!stale || !parsed.success) return null;
  const reading = parsed.data.current;
  return {
    theirs: { value: reading[field] ?? '', version: reading.version },
    changedBy: stale.changedBy,
  };
}

/**
 * Saves one field of a measure's current reading as an edit of `version` (the reading's), for
 * `dueDate` (so a page left open past it is refused instead of writing into the next period).
 * An emptied value is sent as null: "No reading".
 */
export function useReadingSaves(strategyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const write = (measure: Measure) =>
      editStoredStrategy(queryClient, strategyId, (strategy) =>
        editMeasure(strategy, measure.id, () => measure),
      );
    return async (
      measureId: number,
      field: ReadingField,
      text: string,
      { version, dueDate }: { version: number | undefined; dueDate: string | null },
    ): Promise<Measure> => {
      const body: WriteReadingRequest =
        field === 'value' ? { value: text.trim() === '' ? null : text.trim() } : { note: text };
      const saved = await keepingCurrent(
        writeReading(measureId, { ...body, version, ...(dueDate ? { due_date: dueDate } : {}) }),
        (current) => {
          const parsed = measureSchema.safeParse(current);
          if (parsed.success) void write(parsed.data);
        },
      );
      await write(saved);
      return saved;
    };
  }, [queryClient, strategyId]);
}

/** The due date passed while the reading was being written: it is history now and refuses edits. */
export function isReadingLocked(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.body as { code?: unknown } | null)?.code === CONFLICT_CODES.readingLocked
  );
}

/** Under the strategy's progress key, so a processed due date rereads it with the rest of the history. */
const lockedReadingsKey = (strategyId: number, date: string) =>
  [...progressKey(strategyId), 'locked-readings', date] as const;

const byMeasure = (readings: LockedReading[]) =>
  new Map(readings.map((reading) => [reading.measure, reading]));

/** The readings locked at `date` by measure id (null: none asked for, in the current view). */
export function useLockedReadingsQuery(strategyId: number, date: string | null) {
  return useQuery({
    queryKey: lockedReadingsKey(strategyId, date ?? ''),
    queryFn: () => fetchLockedReadings(strategyId, date ?? ''),
    select: byMeasure,
    enabled: date !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
