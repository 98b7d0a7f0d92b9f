/** Column helpers shared by the table files. */
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Creation time of a row, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A `jsonb` value read as the drivers give it. Both of ours (PGlite, node-postgres) parse jsonb
 * themselves, and drizzle's own jsonb parses any string it gets once more, so a stored JSON
 * string such as "100.5" (a measure's exact number in the history) came back as the number 100.5.
 */
export const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
});
