/** Field locks: who is editing which field (DESIGN §5). */
import { detailResponse } from '../auth';
import type { Endpoint } from '../endpoint';
import { fieldLockRequest, lockedFieldSchema, lockedFieldsQuery } from '../realtime';
import { z } from '../z';

export const fieldLockApi = {
  lock: {
    method: 'POST',
    path: '/api/lock-field/',
    tag: 'locks',
    summary: 'Take or renew the edit lock of a field (send X-Connection-Id)',
    auth: true,
    body: fieldLockRequest,
    answer: lockedFieldSchema,
    errors: [404, 409],
  },
  unlock: {
    method: 'POST',
    path: '/api/unlock-field/',
    tag: 'locks',
    summary: 'Release the edit lock of a field',
    auth: true,
    body: fieldLockRequest,
    answer: detailResponse,
    errors: [404],
  },
  list: {
    method: 'GET',
    path: '/api/locked-fields/',
    tag: 'locks',
    summary: 'Fields locked by someone (optionally of one strategy)',
    auth: true,
    query: lockedFieldsQuery,
    answer: z.array(lockedFieldSchema),
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
