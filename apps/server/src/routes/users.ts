/** Profile and colleagues: /get-user-details/, /update-user-details/, /users/. */
import { snakeName } from '@keystone/contract';
import type { usersApi } from '@keystone/contract/endpoints/users';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { getUserDetails, listColleagues, updateUserDetails } from '../modules/users/service';

/**
 * The spec's profile form names fields in camelCase; the wire contract uses snake_case. Accept
 * both: a camelCase name is read as its snake_case one, which wins when both are sent.
 */
function snakeCaseProfile(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = Object.entries(body);
  return {
    ...Object.fromEntries(fields.map(([name, value]) => [snakeName(name), value])),
    ...Object.fromEntries(fields.filter(([name]) => name === snakeName(name))),
  };
}

export const usersRoutes = (ctx: AppContext): AreaRoutes<typeof usersApi> => ({
  details: ({ user }) => getUserDetails(ctx, user),

  // The camelCase names are renamed before route() parses the body with the declared schema.
  updateDetails: {
    prepare: async (request) => {
      request.body = snakeCaseProfile(request.body);
    },
    handler: ({ user, body }) => updateUserDetails(ctx, user, body),
  },

  colleagues: ({ user }) => listColleagues(ctx, user),
});
