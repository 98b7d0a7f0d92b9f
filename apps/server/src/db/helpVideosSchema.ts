/** The help videos an organisation's administrators chose instead of the built-in ones (issue 27). */
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from './accountsSchema';

export const helpVideos = pgTable(
  'help_videos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** One of the contract's HELP_TOPICS. */
    topic: text().notNull(),
    /** youtube, vimeo, loom, stream or file (the contract's VIDEO_HOSTS). */
    host: text().notNull(),
    /** The address to open in a tab of its own. */
    address: text().notNull(),
    /** What the player page frames or plays: only what the contract's parseVideoAddress made. */
    embedUrl: text('embed_url').notNull(),
    description: text().notNull().default(''),
    /** The player page's unguessable name (/help-player/TOKEN/): new with every choice. */
    playerToken: text('player_token').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('help_videos_topic_unique').on(table.organisationId, table.topic),
    uniqueIndex('help_videos_player_unique').on(table.playerToken),
  ],
);
