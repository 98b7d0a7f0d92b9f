/**
 * Bringing back a deleted focus area, initiative or measure (POST /focusarea/restore/{id}/,
 * /initiative/restore/{id}/, /measure/restore/{id}/), then reading the strategy (and, for a
 * measure, the charters on hand, whose Measures section shows it) and its history again so the
 * page shows it in its place and the deletion's line says it was restored. Other open pages hear
 * of it live.
 */
import type { DeletedRestoreModel } from '@keystone/contract';
import { deletedRecordsApi } from '@keystone/contract/endpoints/deletedRecords';
import type { QueryClient } from '@tanstack/react-query';
import { refreshActivity } from './activity';
import { refreshCharters } from './charterCache';
import { apiRequest } from './client';
import { strategyKey } from './strategyCache';

export interface DeletedRecord {
  model: DeletedRestoreModel;
  recordId: number;
  strategyId: number;
}

export async function restoreDeleted(queryClient: QueryClient, record: DeletedRecord): Promise<void> {
  const params = { id: record.recordId };
  await apiRequest(deletedRecordsApi[record.model], { params });
  if (record.model === 'measure') refreshCharters(queryClient, record.strategyId);
  await queryClient.invalidateQueries({ queryKey: strategyKey(record.strategyId) });
  refreshActivity(queryClient, record.strategyId);
}
