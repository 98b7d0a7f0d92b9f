/**
 * Builds the migrated schema once per run, so each test file starts from a copy instead of
 * migrating (DESIGN §2): a PGlite dump file, or a template database on the PostgreSQL server.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client';

export const TEMPLATE_DATABASE = 'keystone_test_template';

async function preparePostgres(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const database = await openDatabase({ databaseUrl: templateUrl.toString(), dataDir: '' });
  await database.close();
}

/** Writes the dump and answers how to remove it again once the run ends. */
async function preparePglite(project: TestProject): Promise<() => void> {
  const client = new PGlite();
  await migrate(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const folder = path.resolve(import.meta.dirname, '../../../../.tmp');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    await preparePostgres(url);
    return undefined;
  }
  return preparePglite(project);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
