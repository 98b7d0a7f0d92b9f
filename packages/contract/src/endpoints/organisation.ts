/** The administrators' calls on their organisation: its settings, members, security log and strategies. */
import { type Endpoint, idParams } from '../endpoint';
import {
  memberSchema,
  organisationSchema,
  securityLogPage,
  securityLogQuery,
  updateMemberRequest,
  updateMemberResponse,
  updateOrganisationRequest,
} from '../organisation';
import { organisationStrategySchema } from '../strategies';
import { z } from '../z';

export const organisationApi = {
  get: {
    method: 'GET',
    path: '/api/organisation/',
    tag: 'organisation',
    summary: 'My organisation and its settings (administrators)',
    auth: true,
    answer: organisationSchema,
  },
  update: {
    method: 'PATCH',
    path: '/api/organisation/',
    tag: 'organisation',
    summary: 'Rename the organisation or change who may invite (administrators)',
    auth: true,
    body: updateOrganisationRequest,
    answer: organisationSchema,
  },
  members: {
    method: 'GET',
    path: '/api/organisation/members/',
    tag: 'organisation',
    summary:
      'Everyone in the organisation: status, administrator or not, last active, strategy roles (administrators)',
    auth: true,
    answer: z.array(memberSchema),
  },
  updateMember: {
    method: 'PATCH',
    path: '/api/organisation/members/{id}/',
    tag: 'organisation',
    summary:
      'Make a member an administrator or not, deactivate (ends their sessions, sockets, locks and mails) or reactivate them (administrators)',
    auth: true,
    sessionOnly: true,
    params: idParams,
    body: updateMemberRequest,
    answer: updateMemberResponse,
    errors: [404],
  },
  securityLog: {
    method: 'GET',
    path: '/api/organisation/security-log/',
    tag: 'organisation',
    summary: "The organisation's security log, newest first, paged with `before` (administrators)",
    auth: true,
    query: securityLogQuery,
    answer: securityLogPage,
  },
  strategies: {
    method: 'GET',
    path: '/api/organisation/strategies/',
    tag: 'organisation',
    summary: 'Every strategy of the organisation with its masters, to open its team page (administrators)',
    auth: true,
    answer: z.array(organisationStrategySchema),
  },
} satisfies Record<string, Endpoint>;
