-- Issue 57: compliance documents. Requirements per organisation, each contractor's uploaded versions
-- with their judgement (the history), the newest version per requirement and contractor (the matrix
-- reads one row per cell), and the reminders and weekly digests already sent (each once across instances).
CREATE TABLE "compliance_current" (
	"requirement_id" text NOT NULL,
	"contractor_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"document_id" text NOT NULL,
	"state" text NOT NULL,
	"expiry_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_current_pk" PRIMARY KEY("requirement_id","contractor_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_digests" (
	"organisation_id" text NOT NULL,
	"week_of" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_digests_pk" PRIMARY KEY("organisation_id","week_of")
);
--> statement-breakpoint
CREATE TABLE "compliance_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"requirement_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"contractor_id" text NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date,
	"reference" text DEFAULT '' NOT NULL,
	"file" jsonb NOT NULL,
	"state" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploader_name" text NOT NULL,
	"reviewed_by" text,
	"reviewer_name" text,
	"reviewer_type" smallint,
	"reviewed_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_reminders" (
	"document_id" text NOT NULL,
	"reminder_day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_reminders_pk" PRIMARY KEY("document_id","reminder_day")
);
--> statement-breakpoint
CREATE TABLE "compliance_requirements" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope" text NOT NULL,
	"contractor_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"locations" text[] DEFAULT '{}'::text[] NOT NULL,
	"mandatory" boolean NOT NULL,
	"expires" boolean NOT NULL,
	"reminder_days" integer[] NOT NULL,
	"reviewer" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_current" ADD CONSTRAINT "compliance_current_requirement_id_compliance_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."compliance_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_current" ADD CONSTRAINT "compliance_current_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_current" ADD CONSTRAINT "compliance_current_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_current" ADD CONSTRAINT "compliance_current_document_id_compliance_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."compliance_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_digests" ADD CONSTRAINT "compliance_digests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_requirement_id_compliance_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."compliance_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_reminders" ADD CONSTRAINT "compliance_reminders_document_id_compliance_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."compliance_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_requirements" ADD CONSTRAINT "compliance_requirements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_requirements" ADD CONSTRAINT "compliance_requirements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_current_org_contractor_idx" ON "compliance_current" USING btree ("organisation_id","contractor_id");--> statement-breakpoint
CREATE INDEX "compliance_current_expiry_idx" ON "compliance_current" USING btree ("expiry_date") WHERE "compliance_current"."state" = 'ACCEPTED' and "compliance_current"."expiry_date" is not null;--> statement-breakpoint
CREATE INDEX "compliance_documents_history_idx" ON "compliance_documents" USING btree ("contractor_id","requirement_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "compliance_documents_org_idx" ON "compliance_documents" USING btree ("organisation_id","requirement_id");--> statement-breakpoint
CREATE INDEX "compliance_requirements_org_idx" ON "compliance_requirements" USING btree ("organisation_id","retired_at");