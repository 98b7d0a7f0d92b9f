/**
 * Every HTTP call the server answers, as data: the source of the OpenAPI document served at
 * /api/docs. A server test compares this table with the routes Fastify registered, so a call
 * cannot be added or removed without it.
 */
import { z } from 'zod';
import {
  detailResponse,
  googleLoginRequest,
  loginRequest,
  loginResponse,
  passwordResetConfirmRequest,
  passwordResetRequest,
  publicConfigResponse,
  registrationRequest,
} from './auth';
import { approvalResponse, createTimelineRequest, timelineSchema, updateTimelineRequest } from './charter';
import { errorResponse } from './errors';
import { createInvitesRequest, createInvitesResponse, inviteSchema } from './invites';
import {
  commentSchema,
  lockedCommentDatesResponse,
  lockedCommentsRequest,
  notificationSettingsSchema,
  statusHistorySchema,
  updateCommentRequest,
  updateNotificationSettingsRequest,
} from './progress';
import { fieldLockConflictSchema, fieldLockRequest, lockedFieldSchema } from './realtime';
import {
  assignTeamRequest,
  createFocusAreaRequest,
  createInitiativeRequest,
  createStrategyRequest,
  focusAreaSchema,
  initiativeDetailSchema,
  initiativeSchema,
  sortRequest,
  sortResponse,
  strategySchema,
  strategySummarySchema,
  updateFocusAreaRequest,
  updateInitiativeRequest,
  updateStrategyRequest,
} from './strategies';
import { updateUserDetailsRequest, userDetails, userSummary } from './users';

/** The named schemas of the document (components.schemas); routes refer to them by name. */
export const API_SCHEMAS = {
  Error: errorResponse,
  Detail: detailResponse,
  PublicConfig: publicConfigResponse,
  RegistrationRequest: registrationRequest,
  LoginRequest: loginRequest,
  LoginResponse: loginResponse,
  GoogleLoginRequest: googleLoginRequest,
  PasswordResetRequest: passwordResetRequest,
  PasswordResetConfirmRequest: passwordResetConfirmRequest,
  UserSummary: userSummary,
  UserDetails: userDetails,
  UpdateUserDetailsRequest: updateUserDetailsRequest,
  Invite: inviteSchema,
  CreateInvitesRequest: createInvitesRequest,
  CreateInvitesResponse: createInvitesResponse,
  StrategySummary: strategySummarySchema,
  Strategy: strategySchema,
  CreateStrategyRequest: createStrategyRequest,
  UpdateStrategyRequest: updateStrategyRequest,
  FocusArea: focusAreaSchema,
  CreateFocusAreaRequest: createFocusAreaRequest,
  UpdateFocusAreaRequest: updateFocusAreaRequest,
  SortRequest: sortRequest,
  SortResponse: sortResponse,
  Initiative: initiativeSchema,
  InitiativeDetail: initiativeDetailSchema,
  CreateInitiativeRequest: createInitiativeRequest,
  UpdateInitiativeRequest: updateInitiativeRequest,
  ApprovalResponse: approvalResponse,
  AssignTeamRequest: assignTeamRequest,
  AssignTeamResponse: z.object({ id: z.number() }),
  Timeline: timelineSchema,
  CreateTimelineRequest: createTimelineRequest,
  UpdateTimelineRequest: updateTimelineRequest,
  NotificationSettings: notificationSettingsSchema,
  UpdateNotificationSettingsRequest: updateNotificationSettingsRequest,
  Comment: commentSchema,
  UpdateCommentRequest: updateCommentRequest,
  LockedCommentDates: lockedCommentDatesResponse,
  LockedCommentsRequest: lockedCommentsRequest,
  StatusHistory: statusHistorySchema,
  FieldLockRequest: fieldLockRequest,
  LockedField: lockedFieldSchema,
  FieldLockConflict: fieldLockConflictSchema,
  Health: z.object({ status: z.string() }),
} as const;

export type ApiSchemaName = keyof typeof API_SCHEMAS;
/** A named schema, or `[name]` for a JSON array of it. */
export type ApiBody = ApiSchemaName | readonly [ApiSchemaName];
export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** The error statuses a call can answer beyond the common ones the document adds itself. */
export type ApiErrorStatus = 403 | 404 | 409 | 503;

export interface ApiRoute {
  method: ApiMethod;
  /** As spec §7 writes it, with `{name}` for path parameters (trailing slash optional on the wire). */
  path: string;
  tag: string;
  summary: string;
  /** Needs `Authorization: Token {key}` (then a missing or unknown key is a 403). */
  auth: boolean;
  request?: ApiBody;
  /** Optional query parameters (ids): name → description. */
  query?: Record<string, string>;
  response?: ApiBody;
  /** 200 unless said otherwise. */
  status?: 200 | 201 | 204 | 302 | 503;
  /** Rate-limited per client address (the account calls): may answer 429. */
  rateLimited?: boolean;
  /** Its own error statuses; 400 (bad input or id), 403 (auth), 413 (body) and 429 follow from the rest. */
  errors?: readonly ApiErrorStatus[];
  /** Answers HTML instead of JSON. */
  html?: boolean;
}

const body = { auth: true, errors: [404] } as const;
const edit = { auth: true, errors: [404, 409] } as const;

export const API_ROUTES: readonly ApiRoute[] = [
  // ---- operations
  {
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    summary: 'Liveness: the process answers',
    auth: false,
    response: 'Health',
  },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    summary: 'Readiness: the database answers (503 otherwise)',
    auth: false,
    response: 'Health',
    errors: [503],
  },
  {
    method: 'GET',
    path: '/api/docs',
    tag: 'operations',
    summary: 'This API, as a readable page',
    auth: false,
    html: true,
  },
  {
    method: 'GET',
    path: '/api/docs/openapi.json',
    tag: 'operations',
    summary: 'This API, as an OpenAPI 3.1 document',
    auth: false,
  },
  // ---- accounts
  {
    method: 'GET',
    path: '/api/config/',
    tag: 'auth',
    summary: 'Public configuration: product name, Google sign-in',
    auth: false,
    response: 'PublicConfig',
  },
  {
    method: 'POST',
    path: '/api/auth/registration/',
    tag: 'auth',
    summary: 'Sign up (an invite for the e-mail is required); mails a verification link',
    auth: false,
    request: 'RegistrationRequest',
    response: 'Detail',
    status: 201,
    rateLimited: true,
  },
  {
    method: 'GET',
    path: '/api/auth/verify-email/{token}/',
    tag: 'auth',
    summary: 'Verification link of the sign-up mail; redirects to /login?verified=1 (or 0)',
    auth: false,
    status: 302,
    rateLimited: true,
  },
  {
    method: 'POST',
    path: '/api/auth/login/',
    tag: 'auth',
    summary: 'Log in with e-mail and password; answers the API key',
    auth: false,
    request: 'LoginRequest',
    response: 'LoginResponse',
    rateLimited: true,
  },
  {
    method: 'POST',
    path: '/api/auth/social/google',
    tag: 'auth',
    summary: 'Log in with a Google authorization code; answers the API key',
    auth: false,
    request: 'GoogleLoginRequest',
    response: 'LoginResponse',
    rateLimited: true,
    errors: [403, 404, 503],
  },
  {
    method: 'POST',
    path: '/api/auth/password/reset/',
    tag: 'auth',
    summary: 'Mail a password reset link',
    auth: false,
    request: 'PasswordResetRequest',
    response: 'Detail',
    rateLimited: true,
  },
  {
    method: 'POST',
    path: '/api/auth/password/reset/confirm/{uid}/{token}/',
    tag: 'auth',
    summary: 'Set a new password from a reset link (ends every key of the user)',
    auth: false,
    request: 'PasswordResetConfirmRequest',
    response: 'Detail',
    rateLimited: true,
  },
  {
    method: 'POST',
    path: '/api/auth/logout/',
    tag: 'auth',
    summary: 'Revoke this API key',
    auth: true,
    response: 'Detail',
  },
  // ---- people
  {
    method: 'GET',
    path: '/api/get-user-details/',
    tag: 'users',
    summary: 'My profile',
    auth: true,
    response: 'UserDetails',
    errors: [404],
  },
  {
    method: 'PATCH',
    path: '/api/update-user-details/',
    tag: 'users',
    summary: 'Change my name and business title',
    auth: true,
    request: 'UpdateUserDetailsRequest',
    response: 'UserDetails',
    errors: [404],
  },
  {
    method: 'GET',
    path: '/api/users/',
    tag: 'users',
    summary: 'The people of my organisation',
    auth: true,
    response: ['UserSummary'],
  },
  {
    method: 'GET',
    path: '/api/invites/',
    tag: 'invites',
    summary: "My organisation's invites",
    auth: true,
    response: ['Invite'],
  },
  {
    method: 'POST',
    path: '/api/invites/create/',
    tag: 'invites',
    summary: 'Invite people by e-mail (mails them a sign-up link)',
    auth: true,
    request: 'CreateInvitesRequest',
    response: 'CreateInvitesResponse',
    status: 201,
  },
  // ---- strategies
  {
    method: 'GET',
    path: '/api/strategies/',
    tag: 'strategies',
    summary: 'The strategies I take part in',
    auth: true,
    response: ['StrategySummary'],
  },
  {
    method: 'GET',
    path: '/api/strategy/{id}',
    tag: 'strategies',
    summary: 'A strategy page: focus areas, initiatives, people, comments',
    ...body,
    response: 'Strategy',
  },
  {
    method: 'POST',
    path: '/api/strategy/create/',
    tag: 'strategies',
    summary: 'Create a strategy (with one focus area holding one initiative)',
    auth: true,
    request: 'CreateStrategyRequest',
    response: 'Strategy',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/strategy/update/{id}/',
    tag: 'strategies',
    summary: 'Change title, ambition or status',
    ...edit,
    request: 'UpdateStrategyRequest',
    response: 'StrategySummary',
  },
  {
    method: 'DELETE',
    path: '/api/strategy/delete/{id}/',
    tag: 'strategies',
    summary: 'Delete a strategy and everything in it',
    ...body,
    status: 204,
  },
  // ---- focus areas
  {
    method: 'GET',
    path: '/api/focusarea/{id}',
    tag: 'focus areas',
    summary: 'A focus area with its initiatives',
    ...body,
    response: 'FocusArea',
  },
  {
    method: 'POST',
    path: '/api/focusarea/create/',
    tag: 'focus areas',
    summary: 'Add a focus area (at most 5)',
    ...edit,
    request: 'CreateFocusAreaRequest',
    response: 'FocusArea',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/focusarea/update/{id}/',
    tag: 'focus areas',
    summary: 'Rename a focus area',
    ...edit,
    request: 'UpdateFocusAreaRequest',
    response: 'FocusArea',
  },
  {
    method: 'PATCH',
    path: '/api/focusarea/sort/{id}/',
    tag: 'focus areas',
    summary: 'Move a focus area',
    ...body,
    request: 'SortRequest',
    response: 'SortResponse',
  },
  {
    method: 'DELETE',
    path: '/api/focusarea/delete/{id}/',
    tag: 'focus areas',
    summary: 'Delete a focus area (at least 1 stays)',
    ...edit,
    status: 204,
  },
  // ---- initiatives
  {
    method: 'GET',
    path: '/api/initiative/{id}',
    tag: 'initiatives',
    summary: 'An initiative charter, with what it shows of its strategy',
    ...body,
    response: 'InitiativeDetail',
  },
  {
    method: 'POST',
    path: '/api/initiative/create/',
    tag: 'initiatives',
    summary: 'Add an initiative (at most 5 per focus area)',
    ...edit,
    request: 'CreateInitiativeRequest',
    response: 'Initiative',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/initiative/update/{id}/',
    tag: 'initiatives',
    summary: 'Change title, status or charter fields',
    ...edit,
    request: 'UpdateInitiativeRequest',
    response: 'Initiative',
  },
  {
    method: 'PATCH',
    path: '/api/initiative/sort/{id}/',
    tag: 'initiatives',
    summary: 'Move an initiative',
    ...body,
    request: 'SortRequest',
    response: 'SortResponse',
  },
  {
    method: 'DELETE',
    path: '/api/initiative/delete/{id}/',
    tag: 'initiatives',
    summary: 'Delete an initiative (at least 1 stays)',
    ...edit,
    status: 204,
  },
  {
    method: 'PATCH',
    path: '/api/initiative/{id}/send-charter-review-request/',
    tag: 'approval',
    summary: 'Mail the sponsors a request to approve the charter',
    ...edit,
    response: 'Detail',
  },
  {
    method: 'PATCH',
    path: '/api/initiative-approve/{id}/',
    tag: 'approval',
    summary: 'Approve the charter, or withdraw the approval (sponsors); failures also carry `error`',
    ...edit,
    response: 'ApprovalResponse',
  },
  // ---- team and timelines
  {
    method: 'PATCH',
    path: '/api/assign-users-to-strategy/',
    tag: 'team',
    summary: 'Set masters, owners, sponsors and team members (typed e-mails are invited)',
    ...edit,
    request: 'AssignTeamRequest',
    response: 'AssignTeamResponse',
  },
  {
    method: 'GET',
    path: '/api/initiative/{id}/timelines/',
    tag: 'timelines',
    summary: "An initiative's timeline rows",
    ...body,
    response: ['Timeline'],
  },
  {
    method: 'POST',
    path: '/api/timeline/create/',
    tag: 'timelines',
    summary: 'Add a timeline row (at most 50)',
    ...edit,
    request: 'CreateTimelineRequest',
    response: 'Timeline',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/timeline/update/{id}/',
    tag: 'timelines',
    summary: 'Change a timeline row',
    ...edit,
    request: 'UpdateTimelineRequest',
    response: 'Timeline',
  },
  {
    method: 'DELETE',
    path: '/api/timeline/delete/{id}/',
    tag: 'timelines',
    summary: 'Delete a timeline row',
    ...body,
    status: 204,
  },
  // ---- progress
  {
    method: 'GET',
    path: '/api/notification-settings/{id}/',
    tag: 'progress',
    summary: "A strategy's progress-update schedule and recipients (id: the strategy)",
    ...body,
    response: 'NotificationSettings',
  },
  {
    method: 'PATCH',
    path: '/api/notification-settings/update/{id}/',
    tag: 'progress',
    summary: "Change a strategy's schedule, recipients and reminders (id: the strategy)",
    ...body,
    request: 'UpdateNotificationSettingsRequest',
    response: 'NotificationSettings',
  },
  {
    method: 'PATCH',
    path: '/api/comments/update/{id}/',
    tag: 'progress',
    summary: 'Write a current progress, roadblocks or next-steps comment',
    ...edit,
    request: 'UpdateCommentRequest',
    response: 'Comment',
  },
  {
    method: 'GET',
    path: '/api/locked-comment-dates/{id}/',
    tag: 'progress',
    summary: "The past due dates of a strategy's progress history, newest first",
    ...body,
    response: 'LockedCommentDates',
  },
  {
    method: 'POST',
    path: '/api/locked-comments/',
    tag: 'progress',
    summary: 'The comments locked at one past due date',
    ...body,
    request: 'LockedCommentsRequest',
    response: ['Comment'],
  },
  {
    method: 'GET',
    path: '/api/status-history/{id}/',
    tag: 'progress',
    summary: 'How many initiatives had each status at each due date',
    ...body,
    response: 'StatusHistory',
  },
  // ---- field locks (the live side is the sockets /ws/locks/ and /ws/streaming/)
  {
    method: 'POST',
    path: '/api/lock-field/',
    tag: 'locks',
    summary: 'Take or renew the edit lock of a field (send X-Connection-Id)',
    ...edit,
    request: 'FieldLockRequest',
    response: 'LockedField',
  },
  {
    method: 'POST',
    path: '/api/unlock-field/',
    tag: 'locks',
    summary: 'Release the edit lock of a field',
    ...body,
    request: 'FieldLockRequest',
    response: 'Detail',
  },
  {
    method: 'GET',
    path: '/api/locked-fields/',
    tag: 'locks',
    summary: 'Fields locked by someone (optionally of one strategy)',
    ...body,
    query: { strategy: 'A strategy id' },
    response: ['LockedField'],
  },
];
