ALTER TABLE "personal_access_tokens" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "next_send_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");