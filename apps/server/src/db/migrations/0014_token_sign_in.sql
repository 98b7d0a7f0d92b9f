ALTER TABLE "personal_access_tokens" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;