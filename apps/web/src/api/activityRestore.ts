/**
 * Restoring an earlier text from the history: an ordinary PATCH of that one field (the server
 * records it as a change like any edit), sent with the version the page holds, so a field someone
 * else changed meanwhile is refused (409 stale) instead of overwritten. The stored record is then
 * written into every cache that shows it.
 *
 * Live updates bring others' texts without their record's version, so a page can show the latest
 * text and still hold an older version. A stale refusal whose stored text is the one the page shows
 * overwrites nothing unseen: the restore is sent again with the stored version (autosave's rule).
 */
import type { TextRestoreModel } from '@keystone/contract';
import type { QueryClient } from '@tanstack/react-query';
import { refreshActivity } from './activity';
import { charterKey, refreshCharters, timelinesKey, writeThenRefetch } from './charterCache';
import type { CharterInitiative, Timeline } from './charterWire';
import { updateFocusArea } from './focusAreas';
import { updateInitiative } from './initiatives';
import { writeSavedMeasure } from './measureDefinitions';
import { updateMeasureFields, writeReading } from './measures';
import { updateComment } from './progress';
import { staleAnswer } from './staleEdits';
import { updateStrategy } from './strategies';
import {
  editComment,
  editFocusArea,
  editInitiative,
  editStoredStrategy,
  strategiesKey,
} from './strategyCache';
import type { Initiative } from './strategyWire';
import { updateTimeline } from './timelines';

export interface RestoreTarget {
  /** A model with texts that can be put back (the contract's history kinds): each has its case below. */
  model: TextRestoreModel;
  recordId: number;
  /** Wire name of the field. */
  field: string;
  value: string;
  /** The text the field shows now, which the restore replaces. */
  shown: string;
  /** The record's version as this page holds it. */
  version: number;
  strategyId: number;
  /** The initiative the record belongs to (itself, or that of a comment, timeline row or measure). */
  initiativeId: number | null;
  /** A reading's due date: a restore after it has passed is refused (409 reading_locked), not moved on. */
  dueDate?: string | null;
}

/** One field's change, sent with a version: each area's update call (focusAreas.ts, initiatives.ts, …). */
type Update<C, T> = (id: number, change: C, version: number | undefined) => Promise<T>;

type Stale = NonNullable<ReturnType<typeof staleAnswer>>;

/**
 * The field's name is known only at run time, hence the one cast: the server checks the body.
 * `storedOf` finds the field's stored value in a stale answer's record (a reading's is nested).
 */
async function patch<C, T>(
  update: Update<C, T>,
  target: RestoreTarget,
  storedOf: (stale: Stale) => Record<string, unknown> | undefined = (stale) => stale.current,
): Promise<T> {
  const change = { [target.field]: target.value } as C;
  try {
    return await update(target.recordId, change, target.version);
  } catch (error) {
    const stale = staleAnswer(error);
    if (!stale || storedOf(stale)?.[target.field] !== target.shown) throw error;
    const version = storedOf(stale)?.version;
    return update(target.recordId, change, typeof version === 'number' ? version : stale.current.version);
  }
}

/**
 * A measure's field: a reading's value or note is written to the current reading (the restore is
 * offered only for the current due date's entries, restoreOptions.ts), a definition's field with
 * the measure's version (the server checks the definition whole and says why one that would
 * contradict itself is refused). The measure's stored fields are on `current` for a reading.
 */
function patchMeasure(target: RestoreTarget) {
  const reading = target.field === 'value' || target.field === 'note';
  return patch(
    (id, change: Record<string, string>, version) =>
      reading
        ? writeReading(id, { ...change, version, ...(target.dueDate ? { due_date: target.dueDate } : {}) })
        : updateMeasureFields(id, change, version),
    target,
    (stale) => (reading ? (stale.current as { current?: Record<string, unknown> }).current : stale.current),
  );
}

/** The charter page holds the initiative too; it gets the stored record and reads it again. */
async function writeCharter(
  queryClient: QueryClient,
  initiativeId: number | null,
  edit: (cached: CharterInitiative) => CharterInitiative,
) {
  if (initiativeId === null) return;
  await writeThenRefetch<CharterInitiative>(queryClient, charterKey(initiativeId), edit);
}

const withInitiative = (cached: CharterInitiative, saved: Initiative): CharterInitiative => ({
  ...cached,
  ...saved,
  strategyRoles: { ...cached.strategyRoles, initiatives: [saved.roles] },
});

async function restoreRecord(queryClient: QueryClient, target: RestoreTarget): Promise<void> {
  const { recordId: id, strategyId } = target;
  switch (target.model) {
    case 'strategy': {
      const saved = await patch(updateStrategy, target);
      await editStoredStrategy(queryClient, strategyId, (strategy) => ({ ...strategy, ...saved }));
      void queryClient.invalidateQueries({ queryKey: strategiesKey });
      // Open charters show the strategy's ambition.
      refreshCharters(queryClient, strategyId);
      return;
    }
    case 'focusArea': {
      const saved = await patch(updateFocusArea, target);
      await editStoredStrategy(queryClient, strategyId, (strategy) =>
        editFocusArea(strategy, id, (area) => ({ ...area, title: saved.title, version: saved.version })),
      );
      return;
    }
    case 'initiative': {
      const saved = await patch(updateInitiative, target);
      await editStoredStrategy(queryClient, strategyId, (strategy) =>
        editInitiative(strategy, id, () => saved),
      );
      await writeCharter(queryClient, id, (cached) => withInitiative(cached, saved));
      return;
    }
    case 'comment': {
      const saved = await patch(updateComment, target);
      await editStoredStrategy(queryClient, strategyId, (strategy) => editComment(strategy, id, () => saved));
      await writeCharter(queryClient, saved.initiative, (cached) => ({
        ...cached,
        comments: cached.comments.map((comment) => (comment.id === id ? saved : comment)),
      }));
      return;
    }
    case 'timeline': {
      const saved = await patch(updateTimeline, target);
      await writeThenRefetch<Timeline[]>(queryClient, timelinesKey(saved.initiative), (rows) =>
        rows.map((row) => (row.id === id ? saved : row)),
      );
      // A charter change may withdraw the approval (a server rule): the initiative is read again.
      void queryClient.invalidateQueries({ queryKey: charterKey(saved.initiative), exact: true });
      return;
    }
    case 'measure': {
      await writeSavedMeasure(queryClient, strategyId, await patchMeasure(target));
      return;
    }
    default:
      // A model given texts to put back in the history's kinds needs its restore call here.
      return target.model satisfies never;
  }
}

export async function restoreField(queryClient: QueryClient, target: RestoreTarget): Promise<void> {
  await restoreRecord(queryClient, target);
  refreshActivity(queryClient, target.strategyId);
}
