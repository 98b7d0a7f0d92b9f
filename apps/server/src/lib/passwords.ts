/**
 * argon2id password hashes (OWASP's first choice), with the library's recommended defaults. The
 * native library is loaded on the first hash or check, not at start-up: an idle server has no use
 * for it (bench/RESULTS.md, "Compiled server").
 */
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password);
}

/** A hash of nothing anyone knows: verified against when the e-mail is unknown, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const { hash, verify } = await argon2();
  if (!storedHash) {
    decoyHash ??= hash('decoy-password-for-unknown-accounts');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
