/**
 * This process's entry among the instances sharing the database (DESIGN §13): a random id per
 * start and a lease renewed every RENEW_EVERY_MS, on the database's clock. An instance killed
 * without cleaning up (SIGKILL, a lost machine) stops renewing: within LEASE_MS the others see it
 * dead, release the locks of its sockets (lockReleases.ts) and take over its mail and webhook
 * claims (claimOpen). A clean shutdown removes the entry at once.
 */
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/** How long an instance counts as alive after its last renewal. */
const LEASE_MS = 6_000;
/** Three renewals per lease: one slow or failed renewal does not make a live instance look dead. */
const RENEW_EVERY_MS = 2_000;

export class InstanceLease {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /**
     * The lease had run out (the database was out of reach, the process stalled) and another
     * instance may have released what this one held: its sockets must start over.
     */
    private readonly onLapsed: () => void,
  ) {}

  async start(): Promise<void> {
    await this.register();
    this.timer = setInterval(() => {
      this.renewing ??= this.renew().finally(() => {
        this.renewing = undefined;
      });
    }, RENEW_EVERY_MS);
    this.timer.unref();
  }

  /** Shutdown, after the sockets' locks are released: the entry goes, and with it the socket records. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.renewing;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`delete from socket_connections where instance_id = ${this.id}`);
      await tx.execute(sql`delete from server_instances where id = ${this.id}`);
    });
  }

  private async register(): Promise<void> {
    await this.db.execute(sql`
      insert into server_instances (id, alive_until)
      values (${this.id}, now() + make_interval(secs => ${LEASE_MS / 1000}))
      on conflict (id) do update set alive_until = excluded.alive_until`);
  }

  private async renew(): Promise<void> {
    try {
      const renewed = await this.db.execute(sql`
        update server_instances set alive_until = now() + make_interval(secs => ${LEASE_MS / 1000})
        where id = ${this.id} and alive_until > now()
        returning id`);
      if (renewed.rows.length > 0) return;
      this.log.warn({ instance: this.id }, 'this instance’s lease had run out; its sockets start over');
      await this.db.execute(sql`delete from socket_connections where instance_id = ${this.id}`);
      await this.register();
      this.onLapsed();
    } catch (error) {
      this.log.warn({ err: error }, 'could not renew this instance’s lease');
    }
  }
}

/**
 * Whether a mail or webhook claim may be taken: it was never made or ran out, or the instance that
 * made it is no longer alive (no claim of an instance started before leases existed is taken
 * early: `claimed_by` is null there).
 */
export function claimOpen(claimedUntil: SQL, claimedBy: SQL, now: SQL = sql`now()`): SQL {
  return sql`(${claimedUntil} is null or ${claimedUntil} < ${now}
    or (${claimedBy} is not null and not exists (
      select 1 from server_instances instance where instance.id = ${claimedBy} and instance.alive_until > now())))`;
}
