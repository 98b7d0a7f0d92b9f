/** Column helpers shared by the table files. */
import { timestamp } from 'drizzle-orm/pg-core';

/** Creation time of a row, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
