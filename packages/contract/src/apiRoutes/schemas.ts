/**
 * The shared pieces of the API route table: the named schemas of the document, the route type
 * and the option sets the area files spread into their entries.
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
  verifyEmailRequest,
} from '../auth';
import { approvalResponse, createTimelineRequest, timelineSchema, updateTimelineRequest } from '../charter';
import { errorResponse } from '../errors';
import { activityPageSchema } from '../history';
import { createInvitesRequest, createInvitesResponse, inviteSchema } from '../invites';
import {
  loginOrMfaResponse,
  mfaDisableRequest,
  mfaLoginRequest,
  mfaStatusResponse,
  recoveryCodesResponse,
  totpConfirmRequest,
  totpSetupResponse,
} from '../mfa';
import {
  memberSchema,
  organisationSchema,
  securityLogPage,
  setupRequest,
  setupStatusResponse,
  updateMemberRequest,
  updateMemberResponse,
  updateOrganisationRequest,
} from '../organisation';
import {
  commentSchema,
  lockedCommentDatesResponse,
  lockedCommentsRequest,
  notificationSettingsSchema,
  statusHistorySchema,
  updateCommentRequest,
  updateNotificationSettingsRequest,
} from '../progress';
import { fieldLockConflictSchema, fieldLockRequest, lockedFieldSchema } from '../realtime';
import { passwordChangeRequest, sessionSchema } from '../sessions';
import {
  assignTeamRequest,
  createFocusAreaRequest,
  createInitiativeRequest,
  createStrategyRequest,
  focusAreaSchema,
  initiativeDetailSchema,
  initiativeSchema,
  organisationStrategySchema,
  sortRequest,
  sortResponse,
  strategySchema,
  strategySummarySchema,
  strategyTeamSchema,
  updateFocusAreaRequest,
  updateInitiativeRequest,
  updateStrategyRequest,
} from '../strategies';
import { updateUserDetailsRequest, userDetails, userSummary } from '../users';

/** The named schemas of the document (components.schemas); routes refer to them by name. */
export const API_SCHEMAS = {
  Error: errorResponse,
  Detail: detailResponse,
  PublicConfig: publicConfigResponse,
  RegistrationRequest: registrationRequest,
  VerifyEmailRequest: verifyEmailRequest,
  LoginRequest: loginRequest,
  LoginResponse: loginResponse,
  GoogleLoginRequest: googleLoginRequest,
  LoginOrMfaResponse: loginOrMfaResponse,
  MfaLoginRequest: mfaLoginRequest,
  MfaStatus: mfaStatusResponse,
  TotpSetup: totpSetupResponse,
  TotpConfirmRequest: totpConfirmRequest,
  RecoveryCodes: recoveryCodesResponse,
  MfaDisableRequest: mfaDisableRequest,
  PasswordResetRequest: passwordResetRequest,
  PasswordResetConfirmRequest: passwordResetConfirmRequest,
  UserSummary: userSummary,
  UserDetails: userDetails,
  UpdateUserDetailsRequest: updateUserDetailsRequest,
  Session: sessionSchema,
  PasswordChangeRequest: passwordChangeRequest,
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
  StrategyTeam: strategyTeamSchema,
  OrganisationStrategy: organisationStrategySchema,
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
  SetupStatus: setupStatusResponse,
  SetupRequest: setupRequest,
  Organisation: organisationSchema,
  UpdateOrganisationRequest: updateOrganisationRequest,
  Member: memberSchema,
  UpdateMemberRequest: updateMemberRequest,
  UpdateMemberResponse: updateMemberResponse,
  SecurityLogPage: securityLogPage,
  ActivityPage: activityPageSchema,
} as const;

export type ApiSchemaName = keyof typeof API_SCHEMAS;
/** A named schema, or `[name]` for a JSON array of it. */
export type ApiBody = ApiSchemaName | readonly [ApiSchemaName];
export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** The error statuses a call can answer beyond the common ones the document adds itself. */
export type ApiErrorStatus = 403 | 404 | 409 | 429 | 503;

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

/** An authenticated call on one record: 404 when it does not exist. */
export const body = { auth: true, errors: [404] } as const;
/** An authenticated edit: 404 as above, or 409 on a conflict. */
export const edit = { auth: true, errors: [404, 409] } as const;
