/**
 * Bringing back a deleted focus area or initiative (POST /focusarea/restore/{id}/,
 * /initiative/restore/{id}/), then reading the strategy and its history again so the page shows
 * it in its place and the deletion's line says it was restored. Other open pages hear of it live.
 */
import type { DeletedRestoreModel } from '@keystone/contract';
import { deletedRecordsApi } from '@keystone/contract/endpoints/deletedRecords';
import type { QueryClient } from '@tanstack/react-query';
import { refreshActivity } from './activity';
import { apiRequest } from './client';
import { strategyKey } from './strategyCache';

export interface DeletedRecord {
  model: DeletedRestoreModel;
  recordId: number;
  strategyId: number;
}

export async function restoreDeleted(queryClient: QueryClient, record: DeletedRecord): Promise<void> {
  const params = { id: record.recordId };
  if (record.model === 'focusArea') await apiRequest(deletedRecordsApi.focusArea, { params });
  else await apiRequest(deletedRecordsApi.initiative, { params });
  await queryClient.invalidateQueries({ queryKey: strategyKey(record.strategyId) });
  refreshActivity(queryClient, record.strategyId);
}
