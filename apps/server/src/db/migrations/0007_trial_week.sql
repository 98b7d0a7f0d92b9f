CREATE TABLE "deleted_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deleted_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"strategy_id" integer NOT NULL,
	"model" text NOT NULL,
	"record_id" integer NOT NULL,
	"activity_id" bigint NOT NULL,
	"deleted_by" integer,
	"deleted_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb,
	"restored_at" timestamp with time zone,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "help_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"topic" text NOT NULL,
	"host" text NOT NULL,
	"address" text NOT NULL,
	"embed_url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"player_token" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_signups" ADD COLUMN "browser_secret_hash" text;--> statement-breakpoint
ALTER TABLE "deleted_records" ADD CONSTRAINT "deleted_records_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_records" ADD CONSTRAINT "deleted_records_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_records" ADD CONSTRAINT "deleted_records_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_videos" ADD CONSTRAINT "help_videos_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_videos" ADD CONSTRAINT "help_videos_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deleted_records_activity_idx" ON "deleted_records" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "deleted_records_record_idx" ON "deleted_records" USING btree ("model","record_id");--> statement-breakpoint
CREATE INDEX "deleted_records_purge_idx" ON "deleted_records" USING btree ("deleted_at") WHERE "deleted_records"."snapshot" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "help_videos_topic_unique" ON "help_videos" USING btree ("organisation_id","topic");--> statement-breakpoint
CREATE UNIQUE INDEX "help_videos_player_unique" ON "help_videos" USING btree ("player_token");
--> statement-breakpoint
-- Issue 27: an initiative's last progress update is the last due date that locked an update with
-- text in it (the portfolio's isUpdateEmpty: markup and blanks do not count). Earlier due dates
-- stamped every initiative, empty updates too; this puts the stored dates right.
UPDATE "initiatives" AS i
SET "last_progress_update" = r."locked_at",
	"last_progress_comment" = (
		SELECT c."comment" FROM "comments" c
		WHERE c."initiative_id" = i."id" AND c."is_locked" AND c."locked_at" = r."locked_at" AND c."comment_type" = 'PR'
		ORDER BY c."id" DESC LIMIT 1
	)
FROM (
	SELECT i2."id", (
		SELECT max(c."locked_at") FROM "comments" c
		WHERE c."initiative_id" = i2."id" AND c."is_locked"
			AND regexp_replace(regexp_replace(c."comment", '<[^>]*>', '', 'g'), '(&nbsp;|&#160;|\s|' || chr(160) || ')+', '', 'g') <> ''
	) AS "locked_at"
	FROM "initiatives" i2
	WHERE i2."last_progress_update" IS NOT NULL
) AS r
WHERE r."id" = i."id" AND r."locked_at" IS DISTINCT FROM i."last_progress_update";
