/**
 * Defining measures (DESIGN §10) as the board's and the charter's hooks: a saved or deleted
 * definition is written into every cache that shows its owner (the strategy, the initiative's
 * charter), then those are read again, so the board and the charter agree at once.
 */
import type { Measure } from '@keystone/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { charterKey, writeThenRefetch } from './charterCache';
import type { CharterInitiative } from './charterWire';
import {
  createMeasure,
  deleteMeasure,
  type MeasureFields,
  type MeasureOwner,
  updateMeasure,
} from './measures';
import { editFocusArea, editInitiative, editStoredStrategy } from './strategyCache';

type Change = (measures: Measure[]) => Measure[];

/** A measure put in its place: replaced where it was, else added; in the server's order. */
const placed =
  (measure: Measure): Change =>
  (measures) =>
    [...measures.filter((item) => item.id !== measure.id), measure].sort(
      (a, b) => a.sort_index - b.sort_index || a.id - b.id,
    );
const removed =
  (id: number): Change =>
  (measures) =>
    measures.filter((item) => item.id !== id);

async function writeMeasures(
  queryClient: QueryClient,
  strategyId: number,
  owner: MeasureOwner,
  change: Change,
): Promise<void> {
  const edits: Promise<void>[] = [
    editStoredStrategy(queryClient, strategyId, (strategy) =>
      'initiative' in owner
        ? editInitiative(strategy, owner.initiative, (item) => ({ ...item, measures: change(item.measures) }))
        : editFocusArea(strategy, owner.focusArea, (area) => ({ ...area, measures: change(area.measures) })),
    ),
  ];
  if ('initiative' in owner) {
    edits.push(
      writeThenRefetch<CharterInitiative>(queryClient, charterKey(owner.initiative), (charter) => ({
        ...charter,
        measures: change(charter.measures),
      })),
    );
  }
  await Promise.all(edits);
}

/** A measure as the server answered it, written wherever its owner is shown (a restore from the history). */
export function writeSavedMeasure(
  queryClient: QueryClient,
  strategyId: number,
  measure: Measure,
): Promise<void> {
  const owner: MeasureOwner =
    measure.initiative === null ? { focusArea: measure.focus_area! } : { initiative: measure.initiative };
  return writeMeasures(queryClient, strategyId, owner, placed(measure));
}

/** What the definition dialog saves: a new measure for `owner`, or a change of `measure`. */
export interface DefinitionSave {
  fields: MeasureFields;
  measure: Measure | null;
}

export function useSaveMeasure(strategyId: number, owner: MeasureOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, measure }: DefinitionSave) =>
      measure ? updateMeasure(measure.id, fields, measure.version) : createMeasure(owner, fields),
    onSuccess: (saved) => writeMeasures(queryClient, strategyId, owner, placed(saved)),
  });
}

export function useDeleteMeasure(strategyId: number, owner: MeasureOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (measure: Measure) => deleteMeasure(measure.id),
    onSuccess: (_, measure) => writeMeasures(queryClient, strategyId, owner, removed(measure.id)),
  });
}
