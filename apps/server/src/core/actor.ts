/**
 * Who makes a call. Every rule of the areas asks only who the person is (`Actor`); the key their
 * call came with matters only to the calls on sessions and to the sockets (`SignedIn`).
 */
import type { TokenScope } from '@keystone/contract';

export interface Actor {
  id: number;
  organisationId: number;
  email: string;
  /** Full name, or the e-mail address when no name is set: how others see this user. */
  displayName: string;
  /** Full name, or null when no name is set (the wire form's `name`). */
  name: string | null;
  /** Read with the key on every request, so a role change applies at once. */
  isAdmin: boolean;
}

/**
 * The person a request's key belongs to, with the key's hash (core/keys.ts looks it up), or the
 * personal access token's hash and which token it is (core/accessTokens.ts).
 */
export interface SignedIn extends Actor {
  keyHash: string;
  accessToken?: { id: number; scope: TokenScope };
}
