/**
 * Every area's routes, keyed like the contract's API_AREAS: an area missing here fails the type
 * check, as a handler missing in an area does (AreaRoutes, http/route.ts).
 */
import { API_AREAS } from '@keystone/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { type AreaRoutes, registerArea } from '../http/route';
import type { PdfRenderPool } from '../modules/pdf/renderPool';
import { accessTokensRoutes } from './accessTokens';
import { activityRoutes } from './activity';
import { authRoutes } from './auth';
import { calendarRoutes } from './calendar';
import { deletedRecordsRoutes } from './deletedRecords';
import { fieldLocksRoutes } from './fieldLocks';
import { focusAreasRoutes } from './focusAreas';
import { helpVideosRoutes } from './helpVideos';
import { initiativesRoutes } from './initiatives';
import { invitesRoutes } from './invites';
import { measuresRoutes } from './measures';
import { mfaRoutes } from './mfa';
import { operationsRoutes } from './operations';
import { organisationRoutes } from './organisation';
import { pdfRoutes } from './pdf';
import { portfolioRoutes } from './portfolio';
import { progressRoutes } from './progress';
import { scimRoutes } from './scim';
import { sessionsRoutes } from './sessions';
import { setupRoutes } from './setup';
import { spreadsheetsRoutes } from './spreadsheets';
import { ssoRoutes } from './sso';
import { strategiesRoutes } from './strategies';
import { teamRoutes } from './team';
import { timelinesRoutes } from './timelines';
import { usersRoutes } from './users';
import { webhooksRoutes } from './webhooks';

type Areas = typeof API_AREAS;
type AreaName = keyof Areas;

/** What some areas' handlers need beyond the context, made by app.ts. */
export interface RouteDependencies {
  /** The PDF worker threads (closed with the app). */
  pdfPool: PdfRenderPool;
}

const AREA_ROUTES: {
  [Area in AreaName]: (ctx: AppContext, dependencies: RouteDependencies) => AreaRoutes<Areas[Area]>;
} = {
  operations: operationsRoutes,
  auth: authRoutes,
  sessions: sessionsRoutes,
  calendar: calendarRoutes,
  mfa: mfaRoutes,
  accessTokens: accessTokensRoutes,
  users: usersRoutes,
  invites: invitesRoutes,
  setup: setupRoutes,
  sso: ssoRoutes,
  organisation: organisationRoutes,
  scim: scimRoutes,
  helpVideos: helpVideosRoutes,
  strategies: strategiesRoutes,
  activity: activityRoutes,
  portfolio: portfolioRoutes,
  focusAreas: focusAreasRoutes,
  team: teamRoutes,
  initiatives: initiativesRoutes,
  deletedRecords: deletedRecordsRoutes,
  timelines: timelinesRoutes,
  progress: progressRoutes,
  measures: measuresRoutes,
  pdf: pdfRoutes,
  spreadsheets: spreadsheetsRoutes,
  fieldLocks: fieldLocksRoutes,
  webhooks: webhooksRoutes,
};

/** Registers every declared endpoint, area by area, each with its handler. */
export function registerEndpoints(
  app: FastifyInstance,
  ctx: AppContext,
  dependencies: RouteDependencies,
): void {
  const register = <Area extends AreaName>(area: Area) =>
    registerArea(app, ctx, API_AREAS[area], AREA_ROUTES[area](ctx, dependencies));
  for (const area of Object.keys(API_AREAS) as AreaName[]) register(area);
}
