CREATE TABLE "webhook_sweeps" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL
);
--> statement-breakpoint
-- The sweep starts from now: comments written before an upgrade are not announced.
INSERT INTO "webhook_sweeps" ("name", "last_id") SELECT 'comment.written', COALESCE(MAX("id"), 0) FROM "activity";
