CREATE TABLE "notification_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"strategy_id" integer NOT NULL,
	"first_progress_update" timestamp,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"update_frequency_number" integer DEFAULT 1 NOT NULL,
	"update_frequency_unit" text DEFAULT 'week' NOT NULL,
	"send_to_sponsors" boolean DEFAULT true NOT NULL,
	"send_to_owners" boolean DEFAULT true NOT NULL,
	"send_to_team_members" boolean DEFAULT true NOT NULL,
	"additional_recipients" text,
	"reminder_send_to_master" boolean DEFAULT true NOT NULL,
	"reminder_send_to_sponsors" boolean DEFAULT false NOT NULL,
	"reminder_send_to_owners" boolean DEFAULT true NOT NULL,
	"reminder_send_to_team_members" boolean DEFAULT true NOT NULL,
	"next_due_index" integer DEFAULT 0 NOT NULL,
	"next_progress_update" timestamp with time zone,
	"last_progress_update" timestamp with time zone,
	"reminders_handled_until" timestamp with time zone,
	"next_reminder_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"settings_id" integer NOT NULL,
	"offset_number" integer NOT NULL,
	"offset_unit" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_reminders" ADD CONSTRAINT "team_reminders_settings_id_notification_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."notification_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_strategy_unique" ON "notification_settings" USING btree ("strategy_id");--> statement-breakpoint
CREATE INDEX "notification_settings_next_due_idx" ON "notification_settings" USING btree ("next_progress_update");--> statement-breakpoint
CREATE INDEX "notification_settings_next_reminder_idx" ON "notification_settings" USING btree ("next_reminder_at");--> statement-breakpoint
CREATE INDEX "team_reminders_settings_idx" ON "team_reminders" USING btree ("settings_id");--> statement-breakpoint
CREATE INDEX "comments_locked_at_idx" ON "comments" USING btree ("locked_at");--> statement-breakpoint
-- Existing strategies get default settings, and existing initiatives their current comments.
INSERT INTO "notification_settings" ("strategy_id") SELECT "id" FROM "strategies" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "comments" ("initiative_id", "comment_type")
SELECT i."id", t."type" FROM "initiatives" i CROSS JOIN (VALUES ('PR', 1), ('RB', 2), ('NS', 3)) AS t("type", "position")
WHERE NOT EXISTS (SELECT 1 FROM "comments" c WHERE c."initiative_id" = i."id" AND NOT c."is_locked")
ORDER BY i."id", t."position";
