/** Random secrets and their stored form: only a SHA-256 of a secret ever reaches the database. */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: 43 characters (isWellFormedLinkToken of the contract knows the shape). */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
