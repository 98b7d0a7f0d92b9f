/**
 * Publication after commit, for a broker outside the database (Redis, realtime/broker.ts).
 * PostgreSQL's NOTIFY is part of the writing transaction, so it goes out exactly when the change
 * commits and never for one rolled back. A broker outside the database cannot take part in the
 * transaction: the events a transaction publishes wait here, and are sent once it has committed
 * and before its caller goes on (so before the request answers: one browser's sequential writes
 * reach the broker in order, whichever instance took them), and dropped when it rolls back.
 *
 * The database's `transaction` is wrapped once; each outermost transaction gets its own list of
 * pending events through AsyncLocalStorage, which follows the transaction's callback and every
 * `publish(tx, …)` in it. Without a sender registered (PostgreSQL, the default) nothing changes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from '../db/client';
import type { PublishedEvent } from './events';

/** Sends events to every instance, through the broker (e.g. Redis PUBLISH). */
export interface EventSender {
  send(db: Db, events: readonly PublishedEvent[]): Promise<void>;
}

interface Pending {
  sender: EventSender;
  db: Db;
  events: PublishedEvent[];
  /** Set once the transaction ended: later publications (work it left running) are sent at once. */
  ended: boolean;
}

const senders = new WeakMap<Db, EventSender>();
const wrapped = new WeakSet<Db>();
const pendingOfTransaction = new AsyncLocalStorage<Pending>();

/**
 * Sends what is published on `db` through `sender` after commit (instead of NOTIFY), until the
 * returned function is called. Another sender registered later on the same database (two apps
 * sharing it, as some tests do) takes over.
 */
export function publishAfterCommit(db: Db, sender: EventSender): () => void {
  senders.set(db, sender);
  if (!wrapped.has(db)) {
    wrapped.add(db);
    const transaction = db.transaction.bind(db);
    db.transaction = (async (run, config) => {
      const current = senders.get(db);
      // Nested in another transaction of this database's (its own connection): pending on its own.
      if (!current) return transaction(run, config);
      const pending: Pending = { sender: current, db, events: [], ended: false };
      const result = await pendingOfTransaction.run(pending, () => transaction(run, config));
      pending.ended = true;
      if (pending.events.length > 0) await current.send(db, pending.events.splice(0));
      return result;
    }) as Db['transaction'];
  }
  return () => {
    if (senders.get(db) === sender) senders.delete(db);
  };
}

/** Whether `db`'s publications go through a sender after commit rather than NOTIFY. */
export function publishesAfterCommit(db: Queryable): boolean {
  return pendingOfTransaction.getStore() !== undefined || senders.has(db as Db);
}

/**
 * Takes the events for publication after commit: kept until the current transaction commits, or
 * sent now outside one. Answers false when `db` publishes with NOTIFY (the caller does).
 */
export async function publishedAfterCommit(
  db: Queryable,
  events: readonly PublishedEvent[],
): Promise<boolean> {
  const pending = pendingOfTransaction.getStore();
  if (pending && !pending.ended) {
    pending.events.push(...events);
    return true;
  }
  const sender = pending?.sender ?? senders.get(db as Db);
  if (!sender) return false;
  await sender.send(pending?.db ?? (db as Db), events);
  return true;
}
