/**
 * The security log (DESIGN §9): every sign-in, logout, password and two-factor change is stored
 * with the user, the client's address and browser, and logged with the user id (never a secret).
 */
import type { SecurityEventKind, SignInMethod } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { securityEvents, users } from '../../db/schema';

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
  method?: SignInMethod;
  /** Facts that help an administrator read the event (never a password, key or code). */
  detail?: Record<string, unknown>;
  /** The administrator or colleague who acted (an invitation's sender, a deactivating admin). */
  actorId?: number;
  /** Whose log it goes to, when neither the user nor the actor says (the user's, else the actor's). */
  organisationId?: number;
}

/** Stores the event in `db` (a transaction, when it belongs to one) and logs it. */
export async function recordSecurityEvent(
  db: Queryable,
  log: FastifyBaseLogger,
  origin: RequestOrigin,
  event: SecurityEvent,
): Promise<void> {
  const organisationOf = (userId: number) =>
    sql`(select ${users.organisationId} from ${users} where ${users.id} = ${userId})`;
  const ownerId = event.userId ?? event.actorId ?? null;
  const organisationId = event.organisationId ?? (ownerId === null ? null : organisationOf(ownerId));
  await db.insert(securityEvents).values({
    organisationId,
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
