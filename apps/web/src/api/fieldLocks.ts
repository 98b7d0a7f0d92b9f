/**
 * The field-lock calls of spec §7: lock, unlock and the list of fields held now. Lock calls name
 * this page's locks socket (X-Connection-Id), so the server releases them when that socket closes.
 */
import { fieldLockConflictSchema, type LockedField, type LockModel } from '@keystone/contract';
import { fieldLockApi } from '@keystone/contract/endpoints/fieldLocks';
import { ApiError, apiRequest } from './client';

/** One lockable field: `field` is the wire (snake_case) name, e.g. 'title' or 'problem_statement'. */
export interface LockTarget {
  model: LockModel;
  resId: number;
  field: string;
}

/** Who holds a field. */
export interface LockHolder {
  userId: number;
  /** The holder's name, or e-mail when no name is set. */
  user: string;
}

const requestBody = (target: LockTarget) => ({
  model: target.model,
  res_id: target.resId,
  field: target.field,
});

export async function lockField(target: LockTarget, connectionId: string): Promise<LockedField> {
  return apiRequest(fieldLockApi.lock, {
    body: requestBody(target),
    headers: { 'X-Connection-Id': connectionId },
  });
}

/** Releases this page's lock only: the same user's lock held by another tab stays theirs. */
export async function unlockField(target: LockTarget, connectionId: string): Promise<void> {
  await apiRequest(fieldLockApi.unlock, {
    body: requestBody(target),
    headers: { 'X-Connection-Id': connectionId },
  });
}

export async function fetchLockedFields(): Promise<LockedField[]> {
  return apiRequest(fieldLockApi.list, {});
}

/** The holder named by a 409 answer to a lock call ({detail, user, user_id}), if it names one. */
export function conflictHolder(error: unknown): LockHolder | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = fieldLockConflictSchema.safeParse(error.body);
  if (!parsed.success || parsed.data.user_id === null) return null;
  return { userId: parsed.data.user_id, user: parsed.data.user ?? '' };
}
