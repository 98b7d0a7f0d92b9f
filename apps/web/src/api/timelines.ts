/**
 * The timeline calls of spec §7 (contract endpoints/timelines.ts): an initiative's timeline rows,
 * adding, changing and deleting one. Plain calls; the charter page's hooks (charter.ts) keep the
 * cache.
 */
import type { UpdateTimelineRequest } from '@keystone/contract';
import { timelineApi } from '@keystone/contract/endpoints/timelines';
import { type Timeline, toTimeline } from './charterWire';
import { apiRequest } from './client';

/** Fields of one save, with the version apart. */
export type TimelineChange = Omit<UpdateTimelineRequest, 'version'>;

export async function fetchTimelines(initiativeId: number): Promise<Timeline[]> {
  const rows = await apiRequest(timelineApi.list, { params: { id: initiativeId } });
  return rows.map(toTimeline);
}

export async function createTimeline(initiative: number): Promise<Timeline> {
  return toTimeline(await apiRequest(timelineApi.create, { body: { initiative } }));
}

/** `version`: of the row the edit started from (undefined: not known, no stale check). */
export async function updateTimeline(
  id: number,
  change: TimelineChange,
  version: number | undefined,
): Promise<Timeline> {
  const answer = await apiRequest(timelineApi.update, { params: { id }, body: { ...change, version } });
  return toTimeline(answer);
}

export async function deleteTimeline(id: number): Promise<void> {
  await apiRequest(timelineApi.delete, { params: { id } });
}
