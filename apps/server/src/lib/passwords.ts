/** argon2id password hashes (OWASP's first choice), with the library's recommended defaults. */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of nothing anyone knows: verified against when the e-mail is unknown, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hash('decoy-password-for-unknown-accounts');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
