CREATE TABLE "measure_readings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "measure_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"measure_id" integer NOT NULL,
	"value" numeric,
	"note" text DEFAULT '' NOT NULL,
	"locked_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "measures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"strategy_id" integer NOT NULL,
	"initiative_id" integer,
	"focus_area_id" integer,
	"title" text NOT NULL,
	"unit" text NOT NULL,
	"currency" text,
	"unit_label" text DEFAULT '' NOT NULL,
	"decimals" smallint DEFAULT 0 NOT NULL,
	"baseline" numeric NOT NULL,
	"target" numeric NOT NULL,
	"target_date" date NOT NULL,
	"direction" text NOT NULL,
	"amber_band" numeric DEFAULT '10' NOT NULL,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "measures_one_owner" CHECK (("measures"."initiative_id" is null) <> ("measures"."focus_area_id" is null))
);
--> statement-breakpoint
ALTER TABLE "measure_readings" ADD CONSTRAINT "measure_readings_measure_id_measures_id_fk" FOREIGN KEY ("measure_id") REFERENCES "public"."measures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_readings" ADD CONSTRAINT "measure_readings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_focus_area_id_focus_areas_id_fk" FOREIGN KEY ("focus_area_id") REFERENCES "public"."focus_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "measure_readings_current_idx" ON "measure_readings" USING btree ("measure_id") WHERE "measure_readings"."locked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "measure_readings_due_date_idx" ON "measure_readings" USING btree ("measure_id","locked_at");--> statement-breakpoint
CREATE INDEX "measures_strategy_idx" ON "measures" USING btree ("strategy_id");--> statement-breakpoint
CREATE INDEX "measures_initiative_idx" ON "measures" USING btree ("initiative_id");--> statement-breakpoint
CREATE INDEX "measures_focus_area_idx" ON "measures" USING btree ("focus_area_id");