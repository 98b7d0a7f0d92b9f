/** Initiatives: the charter read, added, edited, moved and deleted, and its approval. */
import { detailResponse } from '../auth';
import { approvalResponse } from '../charter';
import { type Endpoint, idParams } from '../endpoint';
import {
  createInitiativeRequest,
  initiativeDetailSchema,
  initiativeSchema,
  sortRequest,
  sortResponse,
  updateInitiativeRequest,
} from '../strategies';

export const initiativeApi = {
  get: {
    method: 'GET',
    path: '/api/initiative/{id}',
    tag: 'initiatives',
    summary: 'An initiative charter, with what it shows of its strategy',
    auth: true,
    params: idParams,
    answer: initiativeDetailSchema,
    errors: [404],
  },
  create: {
    method: 'POST',
    path: '/api/initiative/create/',
    tag: 'initiatives',
    summary: 'Add an initiative (at most 5 per focus area)',
    auth: true,
    body: createInitiativeRequest,
    answer: initiativeSchema,
    status: 201,
    errors: [404, 409],
  },
  update: {
    method: 'PATCH',
    path: '/api/initiative/update/{id}/',
    tag: 'initiatives',
    summary: 'Change title, status or charter fields',
    auth: true,
    params: idParams,
    body: updateInitiativeRequest,
    answer: initiativeSchema,
    errors: [404, 409],
  },
  sort: {
    method: 'PATCH',
    path: '/api/initiative/sort/{id}/',
    tag: 'initiatives',
    summary: 'Move an initiative',
    auth: true,
    params: idParams,
    body: sortRequest,
    answer: sortResponse,
    errors: [404],
  },
  delete: {
    method: 'DELETE',
    path: '/api/initiative/delete/{id}/',
    tag: 'initiatives',
    summary: 'Delete an initiative (at least 1 stays)',
    auth: true,
    params: idParams,
    status: 204,
    errors: [404, 409],
  },
  requestApproval: {
    method: 'PATCH',
    path: '/api/initiative/{id}/send-charter-review-request/',
    tag: 'approval',
    summary: 'Mail the sponsors a request to approve the charter',
    auth: true,
    params: idParams,
    answer: detailResponse,
    errors: [404, 409],
  },
  approve: {
    method: 'PATCH',
    path: '/api/initiative-approve/{id}/',
    tag: 'approval',
    summary:
      'Approve the charter (the owners are mailed), or withdraw the approval (sponsors); recorded in the activity as `approval`; failures also carry `error`',
    auth: true,
    params: idParams,
    answer: approvalResponse,
    errors: [404, 409],
  },
} satisfies Record<string, Endpoint>;
