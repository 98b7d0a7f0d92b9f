CREATE TABLE "setup_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "setup_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
DROP INDEX "invites_email_unique";--> statement-breakpoint
DROP INDEX "invites_organisation_idx";--> statement-breakpoint
DROP INDEX "users_email_unique";--> statement-breakpoint
DROP INDEX "users_organisation_idx";--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "last_sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "only_admins_invite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invites_organisation_email_unique" ON "invites" USING btree ("organisation_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_unique" ON "invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invites_email_idx" ON "invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "security_events_actor_idx" ON "security_events" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_email_unique" ON "users" USING btree ("email") WHERE not "users"."is_placeholder";--> statement-breakpoint
CREATE UNIQUE INDEX "users_organisation_email_unique" ON "users" USING btree ("organisation_id","email");--> statement-breakpoint
-- Every organisation gets an administrator: its earliest active, signed-up member.
UPDATE "users" SET "is_admin" = true WHERE "id" IN (
	SELECT DISTINCT ON ("organisation_id") "id" FROM "users"
	WHERE "is_active" AND NOT "is_placeholder"
	ORDER BY "organisation_id", "created_at", "id"
);
