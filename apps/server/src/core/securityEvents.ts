/**
 * The security log (DESIGN §9): every sign-in, logout, password and two-factor change is stored
 * with the user, the client's address and browser, and logged with the user id (never a secret).
 */
import type { SecurityEventKind, SignInMethod } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client';
import { securityEvents, users } from '../db/schema';

/** Where a request came from, as the security log and the sessions list keep it. */
export interface RequestOrigin {
  /** The client's address, as far as TRUST_PROXY lets us know it. */
  ip: string;
  userAgent: string;
}

const USER_AGENT_MAX = 400;

export function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? '', userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : '' };
}

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** Null for a failed sign-in naming an address nobody has. */
  userId: number | null;
  /** Who acted: the administrator, or the colleague who sent an invitation. */
  actorId?: number;
  /**
   * Whose log it goes in, for events about an e-mail address rather than a user (an invitation);
   * otherwise the organisation of the user, or of the actor when there is no user.
   */
  organisationId?: number;
  method?: SignInMethod;
  /** Facts that help an administrator read the event (never a password, key or code). */
  detail?: Record<string, unknown>;
}

const organisationOfUser = (userId: number) =>
  sql<number>`(select ${users.organisationId} from ${users} where ${users.id} = ${userId})`;

function organisationOf(event: SecurityEvent) {
  if (event.organisationId !== undefined) return event.organisationId;
  const userId = event.userId ?? event.actorId;
  return userId === null || userId === undefined ? null : organisationOfUser(userId);
}

/** Stores the event in `db` (a transaction, when it belongs to one) and logs it. */
export async function recordSecurityEvent(
  db: Queryable,
  log: FastifyBaseLogger,
  origin: RequestOrigin,
  event: SecurityEvent,
): Promise<void> {
  await db.insert(securityEvents).values({
    organisationId: organisationOf(event),
    userId: event.userId,
    actorId: event.actorId ?? null,
    kind: event.kind,
    method: event.method ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent,
    detail: event.detail ?? {},
  });
  log.info(
    {
      security: event.kind,
      userId: event.userId,
      actorId: event.actorId,
      method: event.method,
      ip: origin.ip,
    },
    'security event',
  );
}
