/** What route handlers and services share: configuration, database and the mail outbox. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';

export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Wakes the mail outbox after a transaction that queued mail has committed. */
  mailQueued(): void;
}
