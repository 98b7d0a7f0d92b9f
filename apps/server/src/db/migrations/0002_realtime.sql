CREATE TABLE "locked_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locked_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"strategy_id" integer NOT NULL,
	"model" text NOT NULL,
	"res_id" integer NOT NULL,
	"field" text NOT NULL,
	"user_id" integer NOT NULL,
	"connection_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_spill" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realtime_spill_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locked_fields" ADD CONSTRAINT "locked_fields_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locked_fields" ADD CONSTRAINT "locked_fields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locked_fields_field_unique" ON "locked_fields" USING btree ("model","res_id","field");--> statement-breakpoint
CREATE INDEX "locked_fields_strategy_idx" ON "locked_fields" USING btree ("strategy_id");--> statement-breakpoint
CREATE INDEX "locked_fields_expiry_idx" ON "locked_fields" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "locked_fields_connection_idx" ON "locked_fields" USING btree ("connection_id");