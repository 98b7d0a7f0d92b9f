/** A fresh database per test file: a copy of the migrated template, on PGlite or PostgreSQL. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { TEMPLATE_DATABASE } from './globalSetup';

export interface TestDatabase {
  database: Database;
  /** The connection string of this copy, when on PostgreSQL (for a second instance). */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(onQuery?: (query: string) => void): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = readFileSync(inject('pgliteTemplate'));
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: '',
      inMemory: { loadDataDir: new Blob([dump]) },
      onQuery,
    });
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `keystone_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', onQuery });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
