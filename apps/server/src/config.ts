/** Environment → typed configuration (DESIGN §7). A bad value stops the start, naming the variable. */

import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { LOCK_TIMINGS } from '@keystone/contract';
import { z } from 'zod';
import { parseSecretKeys, type SecretKey } from './lib/encryption';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const urlWithScheme = (schemes: string[]) =>
  optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}` },
  );

/** A core is left to the requests: one worker on 2 cores, two from 3 cores on. */
const DEFAULT_PDF_RENDERS = Math.max(1, Math.min(2, availableParallelism() - 1));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  APP_URL: urlWithScheme(['http', 'https']),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']),
  REDIS_URL: urlWithScheme(['redis', 'rediss']),
  SMTP_URL: urlWithScheme(['smtp', 'smtps']),
  MAIL_FROM: z.string().trim().min(3).default('Keystone <no-reply@keystone.local>'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: urlWithScheme(['http', 'https']).default('https://accounts.google.com'),
  SECRETS_KEYS: optionalText,
  SSO_ALLOW_HTTP_ISSUERS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  SCIM_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  WRITE_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(600),
  WRITE_BURST: z.coerce.number().int().min(1).max(10_000_000).default(120),
  STRATEGIES_PER_PERSON_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(100),
  STRATEGIES_PER_ORGANISATION_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  TEST_CLOCK: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  TRUST_PROXY: z.string().trim().default('').transform(parseTrustProxy),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_PORT: z.string().trim().default('').transform(parseMetricsPort),
  DELETED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  PDF_RENDERS: z.coerce.number().int().min(1).max(32).default(DEFAULT_PDF_RENDERS),
  PDF_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  PDF_RENDERS_PER_ORGANISATION: z.coerce.number().int().min(1).max(1032).default(6),
});

const DEFAULT_METRICS_PORT = 9464;

/** A port (0: any free one, for several instances on one machine), or 'off' for no metrics at all. */
function parseMetricsPort(value: string, ctx: z.RefinementCtx): number | 'off' {
  if (value === '') return DEFAULT_METRICS_PORT;
  if (value === 'off') return value;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (port <= 65535) return port;
  ctx.addIssue({ code: 'custom', message: 'must be a port number (0 picks a free one) or off' });
  return z.NEVER;
}

/**
 * Which proxies' X-Forwarded-For to believe: none, the nearest N hops, or those at the given
 * addresses. Never "any", which would let a client choose its own address (and rate limits).
 */
export type TrustProxy = false | number | string[];

/** Fastify's form of it: a hop count trusts that many proxies nearest to us, whatever their addresses. */
export function proxyTrust(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "'true' would believe any X-Forwarded-For a client sends; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxies or a comma-separated list of IP addresses or CIDR ranges; not understood: ${bad.join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
}

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The real-time broker (realtime/broker.ts): Redis when set, PostgreSQL's NOTIFY otherwise. */
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /**
   * The keys that seal stored secrets (lib/encryption.ts); undefined: DATA_DIR/secrets.key, for
   * PGlite only (with DATABASE_URL they are required: every instance needs the same ones).
   */
  secretKeys: SecretKey[] | undefined;
  /**
   * Development and tests only: an organisation's provider may be an http:// issuer (a provider
   * running on this machine). Production issuers are https:// only.
   */
  ssoAllowHttpIssuers: boolean;
  /**
   * Webhook, Slack and Teams targets may be on loopback, private or link-local networks, and
   * plain http:// (lib/outboundHttp.ts). Off in production: a person could otherwise make this
   * server call its own network. On for tests (receivers on 127.0.0.1) and for an operator whose
   * receivers are all inside their own network.
   */
  webhooksAllowPrivateTargets: boolean;
  logLevel: string;
  /** Failed attempts per minute per client address on the sign-in calls (every reset request counts). */
  authRateLimit: number;
  trustProxy: TrustProxy;
  /** SCIM calls a minute per organisation (its provider's whole traffic), counted across instances. */
  scimPerMinute: number;
  /** Changes (non-GET calls) a minute per signed-in person, per instance (core/writeRate.ts). */
  writesPerMinute: number;
  /** How many changes a person may make at once before `writesPerMinute` paces them. */
  writeBurst: number;
  /** Strategies one person, and one organisation, may create a day (new and from the example). */
  strategiesPerPersonPerDay: number;
  strategiesPerOrganisationPerDay: number;
  /** How often the mail outbox looks for due mails when nobody woke it up. */
  outboxPollMs: number;
  /** How often the webhook worker looks for due deliveries when nobody woke it up (retries, the scheduler's events). */
  webhookPollMs: number;
  /** How long a comment's writer is quiet before comment.written is sent (a burst of typing is one event). */
  commentQuietMs: number;
  /** Longest sleep of the progress scheduler between passes (it wakes earlier for a due moment). */
  schedulerPollMs: number;
  /** How long a deleted focus area or initiative stays restorable before it is purged with its history texts. */
  deletedRetentionMs: number;
  /** How often expired deleted records are looked for and purged. */
  purgeSweepMs: number;
  /** Browser tests only: a clock that POST /api/test/clock can move. */
  testClock: boolean;
  /** Where serve.ts serves /metrics (a listener of its own, not the app's port); undefined: no metrics. */
  metrics: { host: string; port: number } | undefined;
  /** A field lock not renewed within this time is released (DESIGN §5). */
  lockTtlMs: number;
  /** How often expired locks are looked for and released. */
  lockSweepMs: number;
  /** Built web app to serve; undefined serves the API only. */
  webDist: string | undefined;
  /** Slow clients (docs/OPERATIONS.md): a whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** The request's headers must arrive within this (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** A connection with no traffic for this long (e.g. a client not reading its answer) is closed. */
  connectionTimeoutMs: number;
  /** An idle kept-alive connection between two requests is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open sockets (/ws/…) per key on one instance; one more is refused with 429 before the upgrade. */
  socketsPerKey: number;
  /** A socket sending more than this many messages within `socketMessageWindowMs` is closed (1008). */
  socketMessagesPerWindow: number;
  socketMessageWindowMs: number;
  /** PDFs (modules/pdf/renderPool.ts); one more than these allow is refused with 503 and Retry-After. */
  pdf: {
    /** Made at once, one worker thread each. */
    renders: number;
    /** Admitted to wait for a worker. */
    queue: number;
    /** Places (made or waiting) one organisation may hold at once, so it cannot take them all. */
    perOrganisation: number;
  };
}

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (e.PDF_RENDERS_PER_ORGANISATION > e.PDF_RENDERS + e.PDF_QUEUE) {
    throw new ConfigError(
      'Invalid configuration:\n  PDF_RENDERS_PER_ORGANISATION must not exceed PDF_RENDERS + PDF_QUEUE',
    );
  }
  // Instances sharing a database must seal with the same key; a key file in each one's own
  // DATA_DIR would differ, and each would fail to read what the others sealed.
  if (e.DATABASE_URL !== undefined && e.SECRETS_KEYS === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRETS_KEYS must be set with DATABASE_URL, the same on every instance (e.g. SECRETS_KEYS="k1:$(openssl rand -base64 32)"; docs/OPERATIONS.md, "Secrets at rest")',
    );
  }
  const secretKeys = e.SECRETS_KEYS === undefined ? undefined : parseSecretKeys(e.SECRETS_KEYS);
  if (typeof secretKeys === 'string') {
    throw new ConfigError(`Invalid configuration:\n  SECRETS_KEYS: ${secretKeys}`);
  }
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://${shownHost === '127.0.0.1' ? 'localhost' : shownHost}:${e.PORT}`).replace(
      /\/+$/,
      '',
    ),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    secretKeys,
    ssoAllowHttpIssuers: e.SSO_ALLOW_HTTP_ISSUERS,
    webhooksAllowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    scimPerMinute: e.SCIM_RATE_LIMIT,
    writesPerMinute: e.WRITE_RATE_LIMIT,
    writeBurst: e.WRITE_BURST,
    strategiesPerPersonPerDay: e.STRATEGIES_PER_PERSON_PER_DAY,
    strategiesPerOrganisationPerDay: e.STRATEGIES_PER_ORGANISATION_PER_DAY,
    outboxPollMs: 1000,
    webhookPollMs: 1000,
    commentQuietMs: 60_000,
    schedulerPollMs: 15_000,
    deletedRetentionMs: e.DELETED_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    purgeSweepMs: 60 * 60 * 1000,
    testClock: e.TEST_CLOCK,
    metrics: e.METRICS_PORT === 'off' ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    lockTtlMs: LOCK_TIMINGS.ttlMs,
    lockSweepMs: 1000,
    webDist: undefined,
    requestTimeoutMs: 30_000,
    headersTimeoutMs: 15_000,
    // Above the 60 s idle timeout of common load balancers, so the balancer closes first.
    connectionTimeoutMs: 75_000,
    keepAliveTimeoutMs: 72_000,
    socketsPerKey: 20,
    socketMessagesPerWindow: 50,
    socketMessageWindowMs: 10_000,
    pdf: { renders: e.PDF_RENDERS, queue: e.PDF_QUEUE, perOrganisation: e.PDF_RENDERS_PER_ORGANISATION },
  };
}
