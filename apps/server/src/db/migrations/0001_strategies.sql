CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"initiative_id" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"comment_type" text NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"initiative_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "focus_areas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "focus_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"strategy_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"sort_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "initiative_members" (
	"initiative_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "initiatives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "initiatives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"focus_area_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"problem_statement" text DEFAULT '' NOT NULL,
	"in_scope" text DEFAULT '' NOT NULL,
	"out_scope" text DEFAULT '' NOT NULL,
	"deliverables" text DEFAULT '' NOT NULL,
	"risks_and_dependencies" text DEFAULT '' NOT NULL,
	"impact" text DEFAULT '' NOT NULL,
	"investment" text DEFAULT '' NOT NULL,
	"work_plan" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'IN' NOT NULL,
	"last_status" text,
	"last_progress_update" timestamp with time zone,
	"last_progress_comment" text,
	"sponsor_approval" boolean DEFAULT false NOT NULL,
	"sponsor_approval_at" timestamp with time zone,
	"sponsor_approval_requested" boolean DEFAULT false NOT NULL,
	"sponsor_approval_user_id" integer,
	"sort_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"ambition" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_masters" (
	"strategy_id" integer NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timelines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timelines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"initiative_id" integer NOT NULL,
	"description" text,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_areas" ADD CONSTRAINT "focus_areas_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_members" ADD CONSTRAINT "initiative_members_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_members" ADD CONSTRAINT "initiative_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiatives" ADD CONSTRAINT "initiatives_focus_area_id_focus_areas_id_fk" FOREIGN KEY ("focus_area_id") REFERENCES "public"."focus_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiatives" ADD CONSTRAINT "initiatives_sponsor_approval_user_id_users_id_fk" FOREIGN KEY ("sponsor_approval_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_masters" ADD CONSTRAINT "strategy_masters_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_masters" ADD CONSTRAINT "strategy_masters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timelines" ADD CONSTRAINT "timelines_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_initiative_idx" ON "comments" USING btree ("initiative_id","is_locked");--> statement-breakpoint
CREATE INDEX "focus_areas_strategy_idx" ON "focus_areas" USING btree ("strategy_id","sort_index");--> statement-breakpoint
CREATE UNIQUE INDEX "initiative_members_pk" ON "initiative_members" USING btree ("initiative_id","role","user_id");--> statement-breakpoint
CREATE INDEX "initiative_members_user_idx" ON "initiative_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "initiatives_focus_area_idx" ON "initiatives" USING btree ("focus_area_id","sort_index");--> statement-breakpoint
CREATE INDEX "strategies_organisation_idx" ON "strategies" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_masters_pk" ON "strategy_masters" USING btree ("strategy_id","user_id");--> statement-breakpoint
CREATE INDEX "strategy_masters_user_idx" ON "strategy_masters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "timelines_initiative_idx" ON "timelines" USING btree ("initiative_id");