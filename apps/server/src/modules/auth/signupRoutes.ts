/** HTTP side of e-mail verification: the verification page posts the link's token and the password. */
import { MESSAGES } from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { originOf } from './securityEvents';
import { verifyEmail } from './signup';

export function signupRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A POST only: a GET of any link (mail scanners fetch them) changes nothing.
  route(app, ctx, authApi.verifyEmail, async ({ body, request }) => {
    await verifyEmail(ctx, body, originOf(request));
    return { detail: MESSAGES.emailVerified };
  });
}
