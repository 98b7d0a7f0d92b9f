/**
 * The stored secrets that are sealed (lib/encryption.ts) and what each is bound to, with the two
 * passes over all of them: the start's check (app.ts) and the rotation (`npm run admin --
 * rotate-secrets`). A sign-in attempt's sealed PKCE verifier is left out: it lives ten minutes,
 * so an attempt begun before a key change just has to be started again.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ConfigError } from '../config';
import type { Queryable } from '../db/client';
import { organisationSso, userTotp, webhookEndpoints } from '../db/schema';
import { type SecretBox, sealedKeyId } from '../lib/encryption';

/** What a sealed value is for: a value copied into another row does not open there. */
export const secretPurpose = {
  totp: (userId: number) => `totp:${userId}`,
  ssoClientSecret: (organisationId: number) => `sso-client-secret:${organisationId}`,
  /** A webhook's address and its signing secrets (the current and the one before a rotation). */
  webhookUrl: (organisationId: number) => `webhook-url:${organisationId}`,
  webhookSecret: (organisationId: number) => `webhook-secret:${organisationId}`,
};

interface StoredSecret {
  id: number;
  value: string;
  /** What the purpose is made of: the row's id unless the column says otherwise. */
  owner: number;
}

interface SealedColumn {
  /** How messages to the operator name it. */
  name: string;
  read(db: Queryable): Promise<StoredSecret[]>;
  purpose(owner: number): string;
  /** Replaces the value only while it is still `was`: another instance may be doing the same. */
  replace(db: Queryable, id: number, was: string, value: string): Promise<void>;
}

/**
 * A table's sealed text column, its rows told apart by an integer key; `owner` (the key unless
 * given) is what its purpose binds the value to. Rows where the column is null are left out.
 */
function sealedColumn<T extends PgTable>(
  name: string,
  table: T,
  columns: { id: PgColumn; owner?: PgColumn; value: PgColumn; set: (value: string) => PgUpdateSetSource<T> },
  purpose: (owner: number) => string,
): SealedColumn {
  return {
    name,
    purpose,
    read: (db) =>
      db
        .select({
          id: sql<number>`${columns.id}`,
          value: sql<string>`${columns.value}`,
          owner: sql<number>`${columns.owner ?? columns.id}`,
        })
        .from(table as PgTable)
        .where(isNotNull(columns.value)),
    async replace(db, id, was, value) {
      await db
        .update(table)
        .set(columns.set(value))
        .where(and(eq(columns.id, id), eq(columns.value, was)));
    },
  };
}

const SEALED_COLUMNS: readonly SealedColumn[] = [
  sealedColumn(
    'TOTP secret (user_totp.secret)',
    userTotp,
    { id: userTotp.userId, value: userTotp.secret, set: (secret) => ({ secret }) },
    secretPurpose.totp,
  ),
  sealedColumn(
    'single sign-on client secret (organisation_sso.client_secret)',
    organisationSso,
    {
      id: organisationSso.organisationId,
      value: organisationSso.clientSecret,
      set: (clientSecret) => ({ clientSecret }),
    },
    secretPurpose.ssoClientSecret,
  ),
  sealedColumn(
    'webhook address (webhook_endpoints.url)',
    webhookEndpoints,
    {
      id: webhookEndpoints.id,
      owner: webhookEndpoints.organisationId,
      value: webhookEndpoints.url,
      set: (url) => ({ url }),
    },
    secretPurpose.webhookUrl,
  ),
  sealedColumn(
    'webhook signing secret (webhook_endpoints.secret)',
    webhookEndpoints,
    {
      id: webhookEndpoints.id,
      owner: webhookEndpoints.organisationId,
      value: webhookEndpoints.secret,
      set: (secret) => ({ secret }),
    },
    secretPurpose.webhookSecret,
  ),
  sealedColumn(
    'previous webhook signing secret (webhook_endpoints.previous_secret)',
    webhookEndpoints,
    {
      id: webhookEndpoints.id,
      owner: webhookEndpoints.organisationId,
      value: webhookEndpoints.previousSecret,
      set: (previousSecret) => ({ previousSecret }),
    },
    secretPurpose.webhookSecret,
  ),
];

const HOW_TO_FIX =
  'Start with the SECRETS_KEYS the values were sealed with (keep the old key listed after the new one until `npm run admin -- rotate-secrets` has re-sealed them; docs/OPERATIONS.md, "Secrets at rest").';

/**
 * Run at every start, before anything is served: seals what an older version stored in clear
 * (TOTP secrets before issue 31), and refuses to start (ConfigError, printed without a stack)
 * when a value names a key the box does not have or does not open with the key of its name: a
 * server that cannot read its secrets would refuse every two-factor and company sign-in instead.
 */
export async function checkSealedSecrets(db: Queryable, box: SecretBox): Promise<void> {
  const problems: string[] = [];
  for (const column of SEALED_COLUMNS) {
    const unknown = new Map<string, number>();
    let unopened = 0;
    for (const row of await column.read(db)) {
      const purpose = column.purpose(row.owner);
      const keyId = sealedKeyId(row.value);
      if (keyId === null) {
        await column.replace(db, row.id, row.value, box.seal(row.value, purpose));
      } else if (!box.knows(keyId)) {
        unknown.set(keyId, (unknown.get(keyId) ?? 0) + 1);
      } else if (!opens(box, row.value, purpose)) {
        unopened += 1;
      }
    }
    for (const [keyId, count] of unknown) {
      problems.push(
        `${count} ${column.name} value(s) are sealed with key "${keyId}", which SECRETS_KEYS does not list.`,
      );
    }
    if (unopened > 0) {
      problems.push(
        `${unopened} ${column.name} value(s) do not open with the key of the name they carry: is it the same key?`,
      );
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(`Cannot read the stored secrets:\n  ${problems.join('\n  ')}\n  ${HOW_TO_FIX}`);
  }
}

function opens(box: SecretBox, sealed: string, purpose: string): boolean {
  try {
    box.open(sealed, purpose);
    return true;
  } catch {
    return false;
  }
}

export interface Resealed {
  name: string;
  count: number;
}

/**
 * Re-seals every stored secret not sealed with the box's first key (the rotation's second step):
 * afterwards the old key may leave SECRETS_KEYS. Run after checkSealedSecrets, so every value opens.
 */
export async function resealSecrets(db: Queryable, box: SecretBox): Promise<Resealed[]> {
  const done: Resealed[] = [];
  for (const column of SEALED_COLUMNS) {
    let count = 0;
    for (const row of await column.read(db)) {
      if (sealedKeyId(row.value) === box.currentKeyId) continue;
      const purpose = column.purpose(row.owner);
      await column.replace(db, row.id, row.value, box.seal(box.open(row.value, purpose), purpose));
      count += 1;
    }
    done.push({ name: column.name, count });
  }
  return done;
}
