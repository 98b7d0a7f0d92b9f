/**
 * Every area's routes, keyed like the contract's API_AREAS: an area missing here fails the type
 * check, as a handler missing in an area does (AreaRoutes, http/route.ts).
 */
import { API_AREAS } from '@keystone/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { type AreaRoutes, registerArea } from '../http/route';
import type { PdfRenderPool } from '../modules/pdf/renderPool';
import { activityRoutes } from './activity';
import { authRoutes } from './auth';
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
import { sessionsRoutes } from './sessions';
import { setupRoutes } from './setup';
import { strategiesRoutes } from './strategies';
import { teamRoutes } from './team';
import { timelinesRoutes } from './timelines';
import { usersRoutes } from './users';

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
  mfa: mfaRoutes,
  users: usersRoutes,
  invites: invitesRoutes,
  setup: setupRoutes,
  organisation: organisationRoutes,
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
  fieldLocks: fieldLocksRoutes,
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
