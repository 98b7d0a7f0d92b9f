/** HTTP side of e-mail verification: the verification page posts the link's token and the password. */
import { MESSAGES, verifyEmailRequest } from '@keystone/contract';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { originOf } from './securityEvents';
import { verifyEmail } from './signup';

/** `limited` is the account routes' rate limit, so this call is limited like the others. */
export function signupRoutes(app: FastifyInstance, ctx: AppContext, limited: RouteShorthandOptions): void {
  // A POST only: a GET of any link (mail scanners fetch them) changes nothing.
  app.post('/api/auth/registration/verify-email/', limited, async (request) => {
    await verifyEmail(ctx, parseInput(verifyEmailRequest, request.body), originOf(request));
    return { detail: MESSAGES.emailVerified };
  });
}
