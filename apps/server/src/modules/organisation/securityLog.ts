/**
 * GET /api/organisation/security-log/: the organisation's events, newest first, paged by id. Only
 * rows stored with this organisation are read, so a person of another organisation named in
 * `user` gives an empty page, never their events.
 */
import type {
  SecurityEventKind,
  SecurityLogEntry,
  SecurityLogPage,
  SecurityLogQuery,
  SignInMethod,
  UserSummary,
} from '@keystone/contract';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { presentUserSummary } from '../../core/userPresenters';
import type { Queryable } from '../../db/client';
import { securityEvents, users } from '../../db/schema';

const actors = alias(users, 'actor');

/** A left-joined user: drizzle types every column as nullable, and the whole is null when missing. */
type Person = {
  id: number | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
} | null;

const presentPerson = (person: Person): UserSummary | null =>
  person?.id == null
    ? null
    : presentUserSummary({
        id: person.id,
        email: person.email ?? '',
        firstName: person.firstName ?? '',
        lastName: person.lastName ?? '',
      });

const personColumns = (table: typeof users | typeof actors) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
});

export async function readSecurityLog(
  db: Queryable,
  organisationId: number,
  query: SecurityLogQuery,
): Promise<SecurityLogPage> {
  const rows = await db
    .select({ event: securityEvents, user: personColumns(users), actor: personColumns(actors) })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .leftJoin(actors, eq(actors.id, securityEvents.actorId))
    .where(
      and(
        eq(securityEvents.organisationId, organisationId),
        query.before === undefined ? undefined : lt(securityEvents.id, query.before),
        query.user === undefined
          ? undefined
          : or(eq(securityEvents.userId, query.user), eq(securityEvents.actorId, query.user)),
        query.kind === undefined ? undefined : eq(securityEvents.kind, query.kind),
      ),
    )
    .orderBy(desc(securityEvents.id))
    // One more than asked: whether an older page exists, without counting.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    results: page.map(({ event, user, actor }) => presentEntry(event, user, actor)),
    next_before: rows.length > query.limit ? (page.at(-1)?.event.id ?? null) : null,
  };
}

function presentEntry(
  event: typeof securityEvents.$inferSelect,
  user: Person,
  actor: Person,
): SecurityLogEntry {
  return {
    id: event.id,
    kind: event.kind as SecurityEventKind,
    created_at: event.createdAt.toISOString(),
    user: presentPerson(user),
    actor: presentPerson(actor),
    method: event.method as SignInMethod | null,
    ip: event.ip,
    user_agent: event.userAgent,
    detail: event.detail,
  };
}
