/**
 * The focus area calls of spec §7 (contract endpoints/focusAreas.ts): creating, renaming, moving
 * and deleting. Plain calls; the strategy page's hooks (strategyStructure.ts, strategies.ts) put
 * their answers into the cache.
 */
import { focusAreaApi } from '@keystone/contract/endpoints/focusAreas';
import { apiRequest } from './client';
import type { SiblingOrder } from './strategyOrder';
import { type FocusArea, toFocusArea } from './strategyWire';

export async function createFocusArea(strategyId: number, sortIndex: number): Promise<FocusArea> {
  const answer = await apiRequest(focusAreaApi.create, {
    body: { strategy: strategyId, sort_index: sortIndex },
  });
  return toFocusArea(answer);
}

/** `version`: of the title the edit started from (undefined: not known, no stale check). */
export async function updateFocusArea(
  id: number,
  change: { title: string },
  version: number | undefined,
): Promise<FocusArea> {
  const answer = await apiRequest(focusAreaApi.update, { params: { id }, body: { ...change, version } });
  return toFocusArea(answer);
}

/** Moves the focus area to `sortIndex` among its siblings; answers their new positions. */
export async function sortFocusArea(id: number, sortIndex: number): Promise<SiblingOrder> {
  const answer = await apiRequest(focusAreaApi.sort, { params: { id }, body: { sort_index: sortIndex } });
  return new Map(answer.order.map((entry) => [entry.id, entry.sort_index]));
}

export async function deleteFocusArea(id: number): Promise<void> {
  await apiRequest(focusAreaApi.delete, { params: { id } });
}
