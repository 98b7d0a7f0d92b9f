/** HTTP side of e-mail verification: the page reads the link's state, then posts its token and the password (or browser secret). */
import { MESSAGES } from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { route } from '../http/route';
import { verificationLinkState, verifyEmail } from '../modules/auth/signup';

export function signupRoutes(app: FastifyInstance, ctx: AppContext): void {
  // What the link's page should offer: reads only.
  route(app, ctx, authApi.verificationLink, ({ params }) => verificationLinkState(ctx.db, params.token));

  // A POST only: a GET of any link (mail scanners fetch them) changes nothing.
  route(app, ctx, authApi.verifyEmail, async ({ body, request }) => {
    await verifyEmail(ctx, body, originOf(request));
    return { detail: MESSAGES.emailVerified };
  });
}
