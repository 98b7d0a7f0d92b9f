/** Profile and colleagues: /get-user-details/, /update-user-details/, /users/. */
import { usersApi } from '@keystone/contract/endpoints/users';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { getUserDetails, listColleagues, updateUserDetails } from '../modules/users/service';

/** The spec's profile form names fields in camelCase; the wire contract uses snake_case. Accept both. */
function snakeCaseProfile(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { firstName, lastName, businessTitle, ...rest } = body as Record<string, unknown>;
  return {
    ...(firstName !== undefined && { first_name: firstName }),
    ...(lastName !== undefined && { last_name: lastName }),
    ...(businessTitle !== undefined && { business_title: businessTitle }),
    ...rest,
  };
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, usersApi.details, ({ user }) => getUserDetails(ctx, user));

  // The camelCase names are renamed before route() parses the body with the declared schema.
  app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      request.body = snakeCaseProfile(request.body);
    });
    route(scope, ctx, usersApi.updateDetails, ({ user, body }) => updateUserDetails(ctx, user, body));
  });

  route(app, ctx, usersApi.colleagues, ({ user }) => listColleagues(ctx, user));
}
