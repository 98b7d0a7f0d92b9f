/**
 * Browsers that have signed in to an account before carry a device cookie, and the account's
 * back-off does not hold them up: whoever guesses at an account from elsewhere cannot lock its
 * owner out of the browser they always use (OWASP's "device cookies" defence).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context';
import type { Queryable } from '../../db/client';
import { trustedDevices, users } from '../../db/schema';
import { randomSecret, sha256 } from '../../lib/secrets';

const COOKIE = 'keystone_device';
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function deviceTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, value = ''] = part.trim().split('=');
    if (name === COOKIE && TOKEN.test(value)) return value;
  }
  return null;
}

/** Whether this browser signed in to the account of `email` before. */
export async function isTrustedDevice(db: Queryable, token: string | null, email: string): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(and(eq(trustedDevices.tokenHash, sha256(token)), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}

/**
 * After a successful sign-in: the browser's device token for this user, kept when it is already
 * theirs, otherwise a new one (a shared computer may hold the cookie of someone else).
 */
async function rememberDevice(db: Queryable, userId: number, token: string | null): Promise<string> {
  if (token) {
    const [known] = await db
      .update(trustedDevices)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(trustedDevices.tokenHash, sha256(token)), eq(trustedDevices.userId, userId)))
      .returning({ id: trustedDevices.id });
    if (known) return token;
  }
  const fresh = randomSecret();
  await db.insert(trustedDevices).values({ userId, tokenHash: sha256(fresh) });
  return fresh;
}

/** After an answer to a sign-in call: a session started, so this browser is now known to the account. */
export async function rememberBrowser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: object,
): Promise<void> {
  if (!('key' in answer && 'user_id' in answer) || typeof answer.user_id !== 'number') return;
  const token = await rememberDevice(ctx.db, answer.user_id, deviceTokenOf(request));
  // The public address decides: TLS often ends at a load balancer in front of us.
  setDeviceCookie(reply, token, ctx.config.appUrl.startsWith('https:'));
}

/** HttpOnly and sent only to the sign-in calls: page scripts never see it. */
function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const attributes = [
    `${COOKIE}=${token}`,
    'Path=/api/auth/',
    `Max-Age=${LIFETIME_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}
