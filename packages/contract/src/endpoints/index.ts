/**
 * Every endpoint, for the server's OpenAPI document and the tests that check each one is
 * registered and attacked. Pages import their area's module instead, so they load only those.
 */
import type { Endpoint } from '../endpoint';
import { authApi } from './auth';
import { fieldLockApi } from './fieldLocks';
import { focusAreaApi } from './focusAreas';
import { helpVideosApi } from './helpVideos';
import { initiativeApi } from './initiatives';
import { invitesApi } from './invites';
import { mfaApi } from './mfa';
import { operationsApi } from './operations';
import { organisationApi } from './organisation';
import { pdfApi } from './pdf';
import { portfolioApi } from './portfolio';
import { progressApi } from './progress';
import { sessionsApi } from './sessions';
import { setupApi } from './setup';
import { strategyApi } from './strategies';
import { teamApi } from './team';
import { timelineApi } from './timelines';
import { usersApi } from './users';

/** Every endpoint, grouped by area in the order the document lists them. */
export const API_ENDPOINTS: readonly Endpoint[] = [
  operationsApi,
  authApi,
  sessionsApi,
  mfaApi,
  usersApi,
  invitesApi,
  setupApi,
  organisationApi,
  helpVideosApi,
  strategyApi,
  portfolioApi,
  focusAreaApi,
  teamApi,
  initiativeApi,
  timelineApi,
  progressApi,
  pdfApi,
  fieldLockApi,
].flatMap((area) => Object.values(area));
