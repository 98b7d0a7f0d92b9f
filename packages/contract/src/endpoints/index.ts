/**
 * Every endpoint, for the server's OpenAPI document and the tests that check each one is
 * registered and attacked. Pages import their area's module instead, so they load only those.
 */
import type { Endpoint } from '../endpoint';
import { mfaApi, sessionsApi } from './account';
import { authApi } from './auth';
import { fieldLockApi } from './fieldLocks';
import { helpVideosApi } from './helpVideos';
import { initiativeApi, timelineApi } from './initiatives';
import { invitesApi } from './invites';
import { operationsApi } from './operations';
import { organisationApi, setupApi } from './organisation';
import { pdfApi } from './pdf';
import { portfolioApi } from './portfolio';
import { progressApi } from './progress';
import { focusAreaApi, strategyApi, teamApi } from './strategies';
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
