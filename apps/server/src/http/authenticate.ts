/** `Authorization: Token {key}` → request.user, or 403 exactly as DESIGN §3 says. */
import { MESSAGES, ORGANISATION_MESSAGES } from '@keystone/contract';
import type { FastifyRequest } from 'fastify';
import type { SignedIn } from '../core/actor';
import type { AppContext } from '../core/context';
import { forbidden } from '../core/errors';
import type { KeyGate } from '../core/keyGate';
import { userForKey } from '../core/keys';
import { sha256 } from '../lib/secrets';

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedIn | null;
  }
}

/** The key from an Authorization header: null when absent, '' when malformed. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Token\s+(\S{1,200})\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * The `onRequest` hook of a call that needs a valid key: run before Fastify reads the body, so a
 * client without a valid key cannot hold a connection by sending its body slowly. A lookup that
 * fails (the database is down) is not an invalid key: the error goes on to the error handler,
 * which answers 503 (isDatabaseUnavailable), so no session is ended. With `gate`, a key found
 * valid moments ago passes without a lookup: only for a call that checks the key again itself
 * (the autosave, keyGate.ts).
 */
export function authenticate(ctx: AppContext, gate?: KeyGate) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = tokenFromHeader(request.headers.authorization);
    if (key === null) throw forbidden(MESSAGES.credentialsMissing);
    const known = key && gate ? gate.admit(sha256(key)) : undefined;
    const user = known ?? (key ? await userForKey(ctx.db, key) : null);
    if (!user) throw forbidden(MESSAGES.invalidToken);
    if (!known) gate?.remember(user);
    request.user = user;
  };
}

/**
 * The `preHandler` hook of an administrators' call: the role is checked once the key is (route()'s
 * onRequest) and before route() parses the input, so anyone else is refused with 403 whatever
 * they send.
 */
export async function administratorsOnly(request: FastifyRequest): Promise<void> {
  if (!request.user) throw forbidden(MESSAGES.credentialsMissing);
  if (!request.user.isAdmin) throw forbidden(ORGANISATION_MESSAGES.adminsOnly);
}
