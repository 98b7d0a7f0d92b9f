/** Profile and colleagues: /get-user-details/, /update-user-details/, /users/. */
import { MESSAGES, updateUserDetailsRequest } from '@keystone/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { badRequest, notFound, parseInput } from '../../http/errors';
import { publish } from '../../realtime/events';
import { presentUserDetails, presentUserSummary } from './presenters';
import { findUserById } from './queries';

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
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get('/api/get-user-details/', async (request) => {
      const user = await findUserById(ctx.db, currentUser(request).id);
      if (!user) throw notFound();
      return presentUserDetails(user);
    });

    scope.patch('/api/update-user-details/', async (request) => {
      const me = currentUser(request);
      const input = parseInput(updateUserDetailsRequest, snakeCaseProfile(request.body));
      if (input.email !== undefined && input.email.trim().toLowerCase() !== me.email) {
        throw badRequest(MESSAGES.emailNotEditable, { email: [MESSAGES.emailNotEditable] });
      }
      const [updated] = await ctx.db
        .update(users)
        .set({
          ...(input.first_name !== undefined && { firstName: input.first_name }),
          ...(input.last_name !== undefined && { lastName: input.last_name }),
          ...(input.business_title !== undefined && { businessTitle: input.business_title }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, me.id))
        .returning();
      if (!updated) throw notFound();
      // Pages showing this person's name must be read again.
      await publish(ctx.db, [{ kind: 'people' }]);
      return presentUserDetails(updated);
    });

    scope.get('/api/users/', async (request) => {
      const rows = await ctx.db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.organisationId, currentUser(request).organisationId), eq(users.isActive, true)))
        // Named people first, by name; people not yet signed up (no name) after them.
        .orderBy(
          sql`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '') asc nulls last`,
          asc(users.email),
        );
      return rows.map(presentUserSummary);
    });
  });
}
