CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"alive_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socket_connections" (
	"instance_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"connection_id" text NOT NULL,
	CONSTRAINT "socket_connections_instance_id_user_id_connection_id_pk" PRIMARY KEY("instance_id","user_id","connection_id")
);
--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "socket_connections" ADD CONSTRAINT "socket_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "socket_connections_user_idx" ON "socket_connections" USING btree ("user_id","connection_id");