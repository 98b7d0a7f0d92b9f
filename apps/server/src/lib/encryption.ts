/**
 * Secrets that must be read back (TOTP secrets, OIDC client secrets) are sealed with AES-256-GCM
 * under a key from the environment (SECRETS_KEYS), or from DATA_DIR/secrets.key when it is unset
 * (DESIGN §11). A sealed value names its key, so keys rotate: the first key seals, every listed key
 * opens. Each value is bound to what it is for (`purpose`, the GCM associated data), so a sealed
 * value copied into another row does not open there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SecretKey {
  /** Short name stored beside each value sealed with it (letters, digits, '-' and '_'). */
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

const PREFIX = 'sealed:v1';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const IV_BYTES = 12;

/**
 * Reads "id:base64key,id:base64key" (the first key seals). Answers the keys, or what is wrong
 * in words that fit after the variable's name.
 */
export function parseSecretKeys(text: string): SecretKey[] | string {
  const keys: SecretKey[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon);
    if (!KEY_ID.test(id)) return 'each key must be written id:base64 (id: letters, digits, - or _)';
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (key.length !== 32) return `key "${id}" must be 32 bytes, base64 (openssl rand -base64 32)`;
    if (keys.some((known) => known.id === id)) return `key "${id}" is listed twice`;
    keys.push({ id, key });
  }
  return keys.length > 0 ? keys : 'no key given';
}

export class SecretBox {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: readonly SecretKey[]) {
    if (keys.length === 0) throw new Error('SecretBox needs at least one key');
    this.byId = new Map(keys.map((entry) => [entry.id, entry.key]));
  }

  /** The key new values are sealed with. */
  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  seal(plain: string, purpose: string): string {
    const current = this.keys[0]!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [PREFIX, current.id, ...parts].join(':');
  }

  /** The plain text; throws when the value is not sealed, names an unknown key, or was altered. */
  open(sealed: string, purpose: string): string {
    const keyId = sealedKeyId(sealed);
    if (keyId === null) throw new Error('not a sealed value');
    const key = this.byId.get(keyId);
    if (!key) throw new Error(`sealed with key "${keyId}", which SECRETS_KEYS does not list`);
    const [iv, tag, body] = sealed
      .slice(PREFIX.length + keyId.length + 2)
      .split(':')
      .map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
  }

  /** Whether this box can open values sealed with `keyId`. */
  knows(keyId: string): boolean {
    return this.byId.has(keyId);
  }
}

/** The key id of a sealed value; null for anything else (e.g. a secret stored before sealing). */
export function sealedKeyId(value: string): string | null {
  if (!value.startsWith(`${PREFIX}:`)) return null;
  const id = value.slice(PREFIX.length + 1).split(':', 1)[0] ?? '';
  return KEY_ID.test(id) ? id : null;
}

const KEY_FILE = 'secrets.key';

/**
 * The configured keys, or the data folder's own key (made on first start, readable by this user
 * only) when SECRETS_KEYS is unset: then a copy of the database alone still reveals nothing.
 */
export async function loadSecretBox(
  configured: readonly SecretKey[] | undefined,
  dataDir: string,
): Promise<SecretBox> {
  if (configured) return new SecretBox(configured);
  const file = path.join(dataDir, KEY_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dataDir, { recursive: true });
    text = `local:${randomBytes(32).toString('base64')}\n`;
    await writeFile(file, text, { mode: 0o600, flag: 'wx' }).catch(async (writeError) => {
      // Another process made it first: use theirs.
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      text = await readFile(file, 'utf8');
    });
    await chmod(file, 0o600);
  }
  const keys = parseSecretKeys(text);
  if (typeof keys === 'string') throw new Error(`${file}: ${keys}`);
  return new SecretBox(keys);
}
