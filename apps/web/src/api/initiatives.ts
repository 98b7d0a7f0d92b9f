/**
 * The initiative calls of spec §7 (contract endpoints/initiatives.ts): reading one with its
 * strategy context (the charter), creating, changing fields, moving, deleting, and the sponsor's
 * approval. Plain calls answering camelCase records; the pages' hooks (strategyStructure.ts,
 * charter.ts, progress.ts, strategies.ts) put them into the cache.
 */
import type { InitiativeDetail, UpdateInitiativeRequest } from '@keystone/contract';
import { initiativeApi } from '@keystone/contract/endpoints/initiatives';
import { apiRequest } from './client';
import type { SiblingOrder } from './strategyOrder';
import { type Initiative, toInitiative } from './strategyWire';

/** Fields of one save: autosave sends each field on its own (spec §4), with the version apart. */
export type InitiativeChange = Omit<UpdateInitiativeRequest, 'version'>;

/** As the wire has it: the charter page makes its record of it (charterWire.ts), no other page loads that. */
export function fetchInitiative(id: number): Promise<InitiativeDetail> {
  return apiRequest(initiativeApi.get, { params: { id } });
}

export async function createInitiative(focusAreaId: number, sortIndex: number): Promise<Initiative> {
  const answer = await apiRequest(initiativeApi.create, {
    body: { focus_area: focusAreaId, sort_index: sortIndex },
  });
  return toInitiative(answer);
}

/** `version`: of the text the edit started from (undefined: not known, no stale check). */
export async function updateInitiative(
  id: number,
  change: InitiativeChange,
  version: number | undefined,
): Promise<Initiative> {
  const answer = await apiRequest(initiativeApi.update, { params: { id }, body: { ...change, version } });
  return toInitiative(answer);
}

/** Moves the initiative to `sortIndex` among its siblings; answers their new positions. */
export async function sortInitiative(id: number, sortIndex: number): Promise<SiblingOrder> {
  const answer = await apiRequest(initiativeApi.sort, { params: { id }, body: { sort_index: sortIndex } });
  return new Map(answer.order.map((entry) => [entry.id, entry.sort_index]));
}

export async function deleteInitiative(id: number): Promise<void> {
  await apiRequest(initiativeApi.delete, { params: { id } });
}

export async function requestApproval(id: number): Promise<void> {
  await apiRequest(initiativeApi.requestApproval, { params: { id } });
}

/** The sponsor's approval, given or taken back (the server toggles it). */
export async function toggleApproval(id: number): Promise<void> {
  await apiRequest(initiativeApi.approve, { params: { id } });
}
