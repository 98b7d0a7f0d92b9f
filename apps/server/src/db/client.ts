/**
 * Opens the database: embedded PGlite under DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set. Both speak the same dialect, so the rest of the code sees one `Db`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './dataDirLock';
import { listenPostgres } from './listen';
import * as schema from './schema';

/**
 * What `execute` answers on either driver: PGlite's Results and node-postgres' QueryResult both
 * carry the rows as `rows`, so `db.execute<Row>(sql)` is typed once, here, for both.
 */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: ExecuteResult<this['row']>;
}

interface ExecuteResult<Row> {
  rows: Row[];
}

export type Db = PgDatabase<RowsResultHKT, typeof schema>;
/** Either the database or a transaction: what service functions take. */
export type Queryable = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTENs on `channel`. `onResumed` is called after a lost connection to the server came back:
   * notifications sent meanwhile are gone, so listeners must resynchronise.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** The pool's connections now (PostgreSQL only: PGlite is one in-process connection, no pool). */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because all `max` are busy. */
  waiting: number;
  max: number;
}

export interface ListenHandlers {
  onNotification(payload: string): void;
  /** The connection to the server was lost: notifications may be missed until `onResumed`. */
  onLost?(): void;
  onResumed?(): void;
  /**
   * Events were committed that no instance received (a broker that publishes after commit could
   * not send them): what was derived from events is read again, and the sockets resync.
   */
  onMissed?(): void;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite starts PostgreSQL with its default 128 MB of shared buffers, all inside the WASM heap and
 * touched, so resident, from the start. The embedded database is for one small instance whose
 * files sit in the operating system's page cache anyway: 16 MB keeps its idle memory about 130 MiB
 * lower (bench/RESULTS.md, "Compiled server").
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** A fixed key for pg_advisory_lock so that instances starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 727_001;
const POOL_MAX = 10;

export interface OpenOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** For tests: an in-memory PGlite, optionally loaded from a dump of a migrated database. */
  inMemory?: { loadDataDir?: Blob };
  /** Called with each SQL statement the application runs (tests count queries with it). */
  onQuery?: (query: string) => void;
}

const queryLogger = (options: OpenOptions) =>
  options.onQuery ? { logQuery: (query: string) => options.onQuery?.(query) } : undefined;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options);
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let releaseLock = () => {};
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite({ loadDataDir: options.inMemory.loadDataDir, startParams: PGLITE_START_PARAMS });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
    client = new PGlite(path.join(options.dataDir, 'pglite'), { startParams: PGLITE_START_PARAMS });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, logger: queryLogger(options) });
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite database, and it delivers its own notifications in-process.
    listen: (channel, handlers) => client.listen(channel, handlers.onNotification),
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

async function openPostgres(options: OpenOptions): Promise<Database> {
  const databaseUrl = options.databaseUrl!;
  await migrateWithLock(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX, idleTimeoutMillis: 30_000 });
  // An idle client losing its server (e.g. PostgreSQL restarting) must not crash the process.
  pool.on('error', () => {});
  return {
    db: drizzlePostgres({ client: pool, schema, logger: queryLogger(options) }),
    kind: 'postgres',
    listen: (channel, handlers) => listenPostgres(databaseUrl, channel, handlers),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
    close: () => pool.end(),
  };
}

async function migrateWithLock(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
