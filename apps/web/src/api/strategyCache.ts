/**
 * The query keys of strategies and the edits of a cached strategy. The cache is the one copy of
 * a strategy: every change edits it here, so all screens reading ['strategy', id] agree.
 */
import type { Measure } from '@keystone/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type Comment, type FocusArea, type Initiative, rolesOf, type Strategy } from './strategyWire';

export const strategiesKey = ['strategies'] as const;
export const strategyKey = (id: number) => ['strategy', id] as const;

/** Edits the cached strategy (if loaded); roles are recomputed, as people or items may have changed. */
export function editStrategy(queryClient: QueryClient, id: number, edit: (strategy: Strategy) => Strategy) {
  queryClient.setQueryData<Strategy>(strategyKey(id), (strategy) => {
    if (!strategy) return strategy;
    const edited = edit(strategy);
    return { ...edited, roles: rolesOf(edited) };
  });
}

/**
 * Writes a value the server has committed (a save's answer, another user's edit). A fetch still
 * under way may have read the strategy before that commit, and its answer would put the old value
 * back over it: such a fetch is cancelled and started again.
 */
export async function editStoredStrategy(
  queryClient: QueryClient,
  id: number,
  edit: (strategy: Strategy) => Strategy,
): Promise<void> {
  const key = strategyKey(id);
  const fetching = queryClient.isFetching({ queryKey: key }) > 0;
  if (fetching) await queryClient.cancelQueries({ queryKey: key });
  editStrategy(queryClient, id, edit);
  if (fetching) void queryClient.invalidateQueries({ queryKey: key });
}

export const editFocusArea = (strategy: Strategy, id: number, edit: (area: FocusArea) => FocusArea) => ({
  ...strategy,
  focusAreas: strategy.focusAreas.map((area) => (area.id === id ? edit(area) : area)),
});

/** Edits one initiative wherever it sits (a live update names the initiative, not its focus area). */
export const editInitiative = (
  strategy: Strategy,
  id: number,
  edit: (initiative: Initiative) => Initiative,
) => ({
  ...strategy,
  focusAreas: strategy.focusAreas.map((area) =>
    area.initiatives.some((initiative) => initiative.id === id)
      ? { ...area, initiatives: area.initiatives.map((item) => (item.id === id ? edit(item) : item)) }
      : area,
  ),
});

/** Whether the strategy holds this current comment (a live update may name one it no longer shows). */
export const holdsComment = (strategy: Strategy | undefined, id: number) =>
  strategy?.focusAreas.some((area) =>
    area.initiatives.some((initiative) => initiative.comments.some((comment) => comment.id === id)),
  ) ?? false;

/** Edits one current comment wherever it sits. */
export const editComment = (strategy: Strategy, id: number, edit: (comment: Comment) => Comment) => ({
  ...strategy,
  focusAreas: strategy.focusAreas.map((area) => ({
    ...area,
    initiatives: area.initiatives.map((initiative) =>
      initiative.comments.some((comment) => comment.id === id)
        ? {
            ...initiative,
            comments: initiative.comments.map((comment) => (comment.id === id ? edit(comment) : comment)),
          }
        : initiative,
    ),
  })),
});

/** Edits one measure wherever it sits: on a focus area or on one of its initiatives. */
export function editMeasure(strategy: Strategy, id: number, edit: (measure: Measure) => Measure): Strategy {
  const holds = (owner: { measures: Measure[] }) => owner.measures.some((measure) => measure.id === id);
  const edited = <T extends { measures: Measure[] }>(owner: T): T => ({
    ...owner,
    measures: owner.measures.map((measure) => (measure.id === id ? edit(measure) : measure)),
  });
  return {
    ...strategy,
    focusAreas: strategy.focusAreas.map((area) => {
      if (holds(area)) return edited(area);
      if (!area.initiatives.some(holds)) return area;
      return { ...area, initiatives: area.initiatives.map((item) => (holds(item) ? edited(item) : item)) };
    }),
  };
}
