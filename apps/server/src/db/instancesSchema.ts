/**
 * The server instances sharing this database, and which of them holds each locks socket
 * (DESIGN §13). Every instance renews its lease; one whose lease ran out died without cleaning
 * up (SIGKILL, a lost machine), and any other instance releases what it held.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accountsSchema';

/** One row per running process (a new id at every start), its lease renewed every ~2 s. */
export const serverInstances = pgTable('server_instances', {
  id: text().primaryKey(),
  /** On the database's clock: instances' own clocks may differ. */
  aliveUntil: timestamp('alive_until', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A browser page's locks socket (its user and connection id) open on an instance. No foreign key
 * to the instance: the sweeper that finds an instance dead deletes its rows together with its locks.
 */
export const socketConnections = pgTable(
  'socket_connections',
  {
    instanceId: text('instance_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.instanceId, table.userId, table.connectionId] }),
    index('socket_connections_user_idx').on(table.userId, table.connectionId),
  ],
);
