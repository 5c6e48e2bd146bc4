CREATE TABLE "observation_day_counts" (
	"organisation_id" text NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "observation_day_counts_organisation_id_day_category_pk" PRIMARY KEY("organisation_id","day","category")
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"srno" integer NOT NULL,
	"category" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"reported_by" text NOT NULL,
	"reporter_name" text NOT NULL,
	"contractor_id" text NOT NULL,
	"form_data" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo" jsonb,
	"action" smallint DEFAULT 0 NOT NULL,
	"action_at" timestamp with time zone,
	"accept_at" timestamp with time zone,
	"action_by" text,
	"root_cause_analysis" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "observation_day_counts" ADD CONSTRAINT "observation_day_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_action_by_users_id_fk" FOREIGN KEY ("action_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "observations_org_srno_key" ON "observations" USING btree ("organisation_id","srno");--> statement-breakpoint
CREATE INDEX "observations_org_reported_idx" ON "observations" USING btree ("organisation_id","reported_at","id");--> statement-breakpoint
CREATE INDEX "observations_contractor_reported_idx" ON "observations" USING btree ("contractor_id","reported_at","id");