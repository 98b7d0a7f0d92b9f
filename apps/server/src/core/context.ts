/** What route handlers and services share: configuration, database and the mail outbox. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { SecretBox } from '../lib/encryption';
import type { KeyGate } from './keyGate';
import type { PageCache } from './pageCache';
import type { WriteRate } from './writeRate';

export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Wakes the mail outbox after a transaction that queued mail has committed. */
  mailQueued(): void;
  /**
   * Wakes the webhook worker after a commit that queued deliveries outside a request (a request's
   * own are noticed by recordWebhookEvent and sent once its answer leaves).
   */
  webhooksQueued(): void;
  /** The time due dates are measured against (a fake one in tests). */
  clock: Clock;
  /** Wakes the progress scheduler after a reporting rhythm changed. */
  scheduleChanged(): void;
  /** Strategy pages as last sent, dropped when they change. */
  pages: PageCache;
  /** Keys found valid moments ago, for the autosave's check before its body (keyGate.ts). */
  keyGate: KeyGate;
  /** Seals and opens the secrets stored for reading back (TOTP secrets, providers' client secrets). */
  secrets: SecretBox;
  /** Each signed-in person's writes, so nobody can send them faster than anyone works (writeRate.ts). */
  writeRate: WriteRate;
  /** Whether the instance receives every instance's real-time events (the server's; not commands'). */
  realtimeReady?(): boolean;
}
