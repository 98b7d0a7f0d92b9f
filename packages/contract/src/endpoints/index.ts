/**
 * Every endpoint, for the server's OpenAPI document and the tests that check each one is
 * registered and attacked. Pages import their area's module instead, so they load only those.
 */
import type { Endpoint } from '../endpoint';
import { accessTokensApi } from './accessTokens';
import { activityApi } from './activity';
import { authApi } from './auth';
import { calendarApi } from './calendar';
import { deletedRecordsApi } from './deletedRecords';
import { fieldLockApi } from './fieldLocks';
import { focusAreaApi } from './focusAreas';
import { helpVideosApi } from './helpVideos';
import { initiativeApi } from './initiatives';
import { invitesApi } from './invites';
import { measuresApi } from './measures';
import { mfaApi } from './mfa';
import { operationsApi } from './operations';
import { organisationApi } from './organisation';
import { pdfApi } from './pdf';
import { portfolioApi } from './portfolio';
import { progressApi } from './progress';
import { scimApi } from './scim';
import { sessionsApi } from './sessions';
import { setupApi } from './setup';
import { spreadsheetsApi } from './spreadsheets';
import { ssoApi } from './sso';
import { strategyApi } from './strategies';
import { teamApi } from './team';
import { timelineApi } from './timelines';
import { usersApi } from './users';
import { webhooksApi } from './webhooks';

/**
 * Each area's endpoints, keyed by the area's name: the name of its file here, of its server
 * routes (apps/server/src/routes/NAME.ts) and of its web api module (apps/web/src/api/NAME.ts).
 * In the order the API document lists them: the history after the strategies, the restores
 * after the initiatives.
 */
export const API_AREAS = {
  operations: operationsApi,
  auth: authApi,
  sessions: sessionsApi,
  calendar: calendarApi,
  mfa: mfaApi,
  accessTokens: accessTokensApi,
  users: usersApi,
  invites: invitesApi,
  setup: setupApi,
  sso: ssoApi,
  organisation: organisationApi,
  scim: scimApi,
  helpVideos: helpVideosApi,
  strategies: strategyApi,
  activity: activityApi,
  portfolio: portfolioApi,
  focusAreas: focusAreaApi,
  team: teamApi,
  initiatives: initiativeApi,
  deletedRecords: deletedRecordsApi,
  timelines: timelineApi,
  progress: progressApi,
  measures: measuresApi,
  pdf: pdfApi,
  spreadsheets: spreadsheetsApi,
  fieldLocks: fieldLockApi,
  webhooks: webhooksApi,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint, area by area. */
export const API_ENDPOINTS: readonly Endpoint[] = Object.values(API_AREAS).flatMap((area) =>
  Object.values<Endpoint>(area),
);
