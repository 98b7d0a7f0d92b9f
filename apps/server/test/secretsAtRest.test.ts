/**
 * Secrets at rest (issue 31): TOTP secrets are stored sealed, the start seals what an older
 * version left in clear and refuses keys it does not have, and keys rotate with the old one still
 * read until `rotate-secrets` re-sealed everything.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS_KEYS } from '../../../testing/secretsKeys';
import { startServerProcess } from '../../../testing/serverProcess';
import { type BuiltApp, buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { resealSecrets } from '../src/core/sealedSecrets';
import { organisationSso, organisations, users, userTotp } from '../src/db/schema';
import { parseSecretKeys, SecretBox, type SecretKey } from '../src/lib/encryption';
import { codeFor, mfaCalls } from './helpers/mfa';
import { CLIENT, type SsoFixture, ssoFixture } from './helpers/sso';
import { getTestServer, type TestServer } from './helpers/testServer';

const keyNamed = (id: string, fill: number): SecretKey => ({ id, key: Buffer.alloc(32, fill) });
const testKeys = parseSecretKeys(TEST_SECRETS_KEYS) as SecretKey[];

describe('TOTP secrets at rest', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(() => server.close());
  const { enrolledUser, mfaToken, secondStep } = mfaCalls(() => server);

  const storedSecret = async (userId: number) => {
    const [row] = await server.database.db
      .select({ secret: userTotp.secret })
      .from(userTotp)
      .where(eq(userTotp.userId, userId));
    return row!.secret;
  };
  /** The login's second step on another instance. */
  const secondStepOn = (built: BuiltApp, body: unknown) =>
    built.app.inject({ method: 'POST', url: '/api/auth/login/mfa/', payload: body as object });
  /** A second instance on the same database, with these keys. */
  const instanceWith = async (secretKeys: SecretKey[]) => {
    const built = await buildApp({ ...server.ctx.config, secretKeys }, server.database);
    await built.app.ready();
    return built;
  };

  it('should store the secret sealed: a read of the database shows neither it nor its base32', async () => {
    const { user, secret } = await enrolledUser();
    const stored = await storedSecret(user.id);
    expect(stored).toMatch(/^sealed:v1:test:/);
    expect(stored).not.toContain(secret);
    // Its codes still work.
    const token = await mfaToken(user);
    expect((await secondStep({ mfa_token: token, code: codeFor(secret) })).status).toBe(200);
  });

  it('should keep the unconfirmed secret of a set-up sealed as well', async () => {
    const user = await server.createUser();
    const key = await server.loginAs(user);
    const { secret } = (await server.api('POST', '/api/auth/mfa/totp/setup/', { token: key })).body;
    expect(await storedSecret(user.id)).not.toContain(secret);
  });

  it('should seal at start a secret an older version stored in clear, and go on accepting its codes', async () => {
    const { user, secret } = await enrolledUser();
    await server.database.db.update(userTotp).set({ secret }).where(eq(userTotp.userId, user.id));
    const second = await instanceWith(testKeys);
    try {
      const stored = await storedSecret(user.id);
      expect(stored).toMatch(/^sealed:v1:test:/);
      const token = await mfaToken(user);
      expect((await secondStep({ mfa_token: token, code: codeFor(secret) })).status).toBe(200);
    } finally {
      await second.app.close();
    }
  });

  it('should refuse to start when a secret is sealed with a key SECRETS_KEYS does not list, naming it', async () => {
    const { user } = await enrolledUser();
    const before = await storedSecret(user.id);
    const gone = new SecretBox([keyNamed('gone', 7)]).seal('JBSWY3DPEHPK3PXP', `totp:${user.id}`);
    await server.database.db.update(userTotp).set({ secret: gone }).where(eq(userTotp.userId, user.id));
    try {
      const start = instanceWith(testKeys);
      await expect(start).rejects.toThrow(ConfigError);
      await expect(start).rejects.toThrow(
        /1 TOTP secret \(user_totp\.secret\) value\(s\) are sealed with key "gone", which SECRETS_KEYS does not list/,
      );
      // Under the key's name, a different key: refused too, not taken for the right one.
      await expect(instanceWith([keyNamed('test', 9)])).rejects.toThrow(
        /do not open with the key of the name they carry/,
      );
    } finally {
      await server.database.db.update(userTotp).set({ secret: before }).where(eq(userTotp.userId, user.id));
    }
  });

  it('should rotate: the new key seals, the old still opens, and after re-sealing the old key can go', async () => {
    const { user, secret } = await enrolledUser();
    const next = keyNamed('next', 3);
    const rotating = await instanceWith([next, ...testKeys]);
    try {
      // Sealed with the old key, read by an instance with the new one first.
      let token = await mfaToken(user);
      expect((await secondStepOn(rotating, { mfa_token: token, code: codeFor(secret) })).statusCode).toBe(
        200,
      );
      const resealed = await resealSecrets(server.database.db, rotating.ctx.secrets);
      expect(resealed.find((entry) => entry.name.startsWith('TOTP'))?.count).toBeGreaterThanOrEqual(1);
      expect(await storedSecret(user.id)).toMatch(/^sealed:v1:next:/);
      // Twice is harmless: nothing left to re-seal.
      expect((await resealSecrets(server.database.db, rotating.ctx.secrets)).map((e) => e.count)).toEqual([
        // TOTP, single sign-on, and the webhooks' address, secret and previous secret.
        0, 0, 0, 0, 0,
      ]);
      // The old key can leave: an instance with the new key alone starts and reads the codes.
      const after = await instanceWith([next]);
      try {
        token = await mfaToken(user);
        const answer = await secondStepOn(after, { mfa_token: token, code: codeFor(secret, 1) });
        expect(answer.statusCode).toBe(200);
      } finally {
        await after.app.close();
      }
    } finally {
      await rotating.app.close();
      // Back to the test key for the other tests of this server.
      await resealSecrets(server.database.db, new SecretBox([...testKeys, next]));
    }
  });
});

describe('the single sign-on client secret at rest', () => {
  let sso: SsoFixture;
  beforeAll(async () => {
    sso = await ssoFixture();
  });
  afterAll(() => sso.close());
  const stored = async () => {
    const [row] = await sso.server.database.db
      .select({ secret: organisationSso.clientSecret })
      .from(organisationSso)
      .where(eq(organisationSso.organisationId, sso.organisationId));
    return row!.secret;
  };

  it('should be stored sealed, checked at start and re-sealed by the rotation with the purpose the sign-in opens it with', async () => {
    expect((await sso.configure()).status).toBe(200);
    expect(await stored()).toMatch(/^sealed:v1:test:/);
    expect(await stored()).not.toContain(CLIENT.client_secret);
    const next = keyNamed('next', 5);
    // The start opens every value: a purpose differing from the one it was sealed with would stop it.
    const rotating = await buildApp(
      { ...sso.server.ctx.config, secretKeys: [next, ...testKeys] },
      sso.server.database,
    );
    try {
      const resealed = await resealSecrets(sso.server.database.db, rotating.ctx.secrets);
      expect(resealed.find((entry) => entry.name.startsWith('single sign-on'))?.count).toBe(1);
      expect(await stored()).toMatch(/^sealed:v1:next:/);
    } finally {
      await rotating.app.close();
    }
    // Back to the test key: the sign-in opens what the rotation sealed.
    await resealSecrets(sso.server.database.db, new SecretBox([...testKeys, next]));
    await sso.server.createUser({ organisationId: sso.organisationId, email: 'ada@acme.test' });
    sso.account('ada@acme.test');
    expect((await sso.signIn('ada@acme.test')).status).toBe(200);
  });
});

describe('SECRETS_KEYS', () => {
  it('should be required with DATABASE_URL, saying why and how to make one', () => {
    const start = () => loadConfig({ DATABASE_URL: 'postgres://keystone@localhost/keystone' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/SECRETS_KEYS must be set with DATABASE_URL, the same on every instance/);
    expect(start).toThrow(/openssl rand -base64 32/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://keystone@localhost/keystone', SECRETS_KEYS: TEST_SECRETS_KEYS })
        .secretKeys,
    ).toHaveLength(1);
  });

  it('should refuse a malformed list, naming the variable', () => {
    expect(() => loadConfig({ SECRETS_KEYS: 'k1:c2hvcnQ=' })).toThrow(
      /SECRETS_KEYS: key "k1" must be 32 bytes/,
    );
    expect(() => loadConfig({ SECRETS_KEYS: 'no-colon' })).toThrow(/SECRETS_KEYS: each key must be written/);
  });
});

describe('a server started without the key its secrets were sealed with', () => {
  const OLD = `old:${Buffer.alloc(32, 1).toString('base64')}`;
  const NEW = `new:${Buffer.alloc(32, 2).toString('base64')}`;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'keystone-secrets-'));
    // A data folder whose one TOTP secret is sealed with the key "old".
    const built = await buildApp(loadConfig({ DATA_DIR: dataDir, SECRETS_KEYS: OLD, LOG_LEVEL: 'silent' }));
    try {
      const { db, secrets } = built.ctx;
      const [organisation] = await db.insert(organisations).values({ name: 'Acme' }).returning();
      const [user] = await db
        .insert(users)
        .values({ organisationId: organisation!.id, email: 'totp@example.com' })
        .returning();
      await db
        .insert(userTotp)
        .values({ userId: user!.id, secret: secrets.seal('JBSWY3DPEHPK3PXP', `totp:${user!.id}`) });
    } finally {
      await built.app.close();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('should exit at start with a message naming the key; rotate-secrets with both keys lets the new one alone start', async () => {
    const refused = startServerProcess({ DATA_DIR: dataDir, SECRETS_KEYS: NEW });
    await expect(refused).rejects.toThrow(/server exited with 1/);
    await expect(refused).rejects.toThrow(
      /Cannot read the stored secrets:\s+1 TOTP secret \(user_totp\.secret\) value\(s\) are sealed with key "old", which SECRETS_KEYS does not list\./,
    );
    // The operator's command, as docs/OPERATIONS.md says: the new key first, the old one still listed.
    const rotated = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'rotate-secrets'],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          SECRETS_KEYS: `${NEW},${OLD}`,
          LOG_LEVEL: 'warn',
          DATABASE_URL: '',
        },
        encoding: 'utf8',
      },
    );
    expect(rotated.status).toBe(0);
    expect(rotated.stdout).toContain('Re-sealed 1 TOTP secret (user_totp.secret) value(s) with key "new".');
    const started = await startServerProcess({ DATA_DIR: dataDir, SECRETS_KEYS: NEW });
    try {
      expect((await started.api('GET', '/readyz')).status).toBe(200);
    } finally {
      await started.stop();
    }
  }, 120_000);
});
