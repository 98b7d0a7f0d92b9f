/**
 * Which locks sockets (user and connection id) are open on this instance, kept in the database
 * (socket_connections) so that another instance can release their locks if this one dies
 * (lockReleases.ts releaseDeadInstances). A change is written at once when no write is under way
 * (so the record is there before the page can take a lock through its socket), and the changes
 * that arrive during a write go together in the next one: a reconnect storm of thousands of
 * sockets costs a few statements, not one per socket. A lock taken in the short gap before its
 * socket's record is written is still released by its time-to-live.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

interface Pending {
  userId: number;
  connectionId: string;
  open: boolean;
}

export class SocketRecords {
  /** The latest change of each (user, connection) not written yet. */
  private pending = new Map<string, Pending>();
  /** The write under way, if any; a close must not overtake the opening it undoes. */
  private writing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly instanceId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A locks socket of this page opened on this instance. */
  opened(userId: number, connectionId: string): void {
    this.note({ userId, connectionId, open: true });
  }

  /** The last locks socket of this page on this instance closed. */
  closed(userId: number, connectionId: string): void {
    this.note({ userId, connectionId, open: false });
  }

  /** Resolves once every change noted so far is written (shutdown). */
  async flush(): Promise<void> {
    while (this.writing || this.pending.size > 0) {
      if (!this.writing) this.writeNext();
      await this.writing;
    }
  }

  private note(change: Pending): void {
    this.pending.set(`${change.userId} ${change.connectionId}`, change);
    if (!this.writing) this.writeNext();
  }

  private writeNext(): void {
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.write(batch).finally(() => {
      this.writing = undefined;
      if (this.pending.size > 0) this.writeNext();
    });
  }

  private async write(batch: readonly Pending[]): Promise<void> {
    const pairs = (open: boolean) =>
      JSON.stringify(batch.filter((change) => change.open === open).map((c) => [c.userId, c.connectionId]));
    const opened = pairs(true);
    const closed = pairs(false);
    try {
      if (opened !== '[]')
        await this.db.execute(sql`
          insert into socket_connections (instance_id, user_id, connection_id)
          select ${this.instanceId}, (pair->>0)::int, pair->>1 from jsonb_array_elements(${opened}::jsonb) pair
          -- A user deleted meanwhile has no sockets to record.
          where exists (select 1 from users where users.id = (pair->>0)::int)
          on conflict do nothing`);
      if (closed !== '[]')
        await this.db.execute(sql`
          delete from socket_connections record using jsonb_array_elements(${closed}::jsonb) pair
          where record.instance_id = ${this.instanceId}
            and record.user_id = (pair->>0)::int and record.connection_id = pair->>1`);
    } catch (error) {
      // Only the release after a crash depends on it, and the locks' time-to-live covers that.
      this.log.warn({ err: error }, 'could not record this instance’s locks sockets');
    }
  }
}
