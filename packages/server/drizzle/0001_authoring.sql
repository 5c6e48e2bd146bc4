CREATE TABLE "assess_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_contractors" (
	"assessment_id" text NOT NULL,
	"contractor_id" text NOT NULL,
	CONSTRAINT "assessment_contractors_assessment_id_contractor_id_pk" PRIMARY KEY("assessment_id","contractor_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_section_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"section_id" text NOT NULL,
	"position" integer NOT NULL,
	"question_id" text NOT NULL,
	"answer_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"assessment_id" text NOT NULL,
	"position" integer NOT NULL,
	"category_id" text NOT NULL,
	"total_marks" integer NOT NULL,
	"factor_environment" boolean DEFAULT false NOT NULL,
	"factor_social" boolean DEFAULT false NOT NULL,
	"factor_governance" boolean DEFAULT false NOT NULL,
	"factor_others" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_timeline" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"assessment_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"status" text NOT NULL,
	"action" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"creator_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_access_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"quest_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responses" (
	"id" text PRIMARY KEY NOT NULL,
	"assessment_id" text NOT NULL,
	"contractor_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_access_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assess_categories" ADD CONSTRAINT "assess_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_contractors" ADD CONSTRAINT "assessment_contractors_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_contractors" ADD CONSTRAINT "assessment_contractors_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_section_questions" ADD CONSTRAINT "assessment_section_questions_section_id_assessment_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."assessment_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_section_questions" ADD CONSTRAINT "assessment_section_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_sections" ADD CONSTRAINT "assessment_sections_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_sections" ADD CONSTRAINT "assessment_sections_category_id_assess_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."assess_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_timeline" ADD CONSTRAINT "assessment_timeline_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_timeline" ADD CONSTRAINT "assessment_timeline_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assess_categories_org_name_key" ON "assess_categories" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "assess_categories_org_created_idx" ON "assess_categories" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "assessment_contractors_contractor_idx" ON "assessment_contractors" USING btree ("contractor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_section_questions_position_key" ON "assessment_section_questions" USING btree ("section_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_section_questions_question_key" ON "assessment_section_questions" USING btree ("section_id","question_id");--> statement-breakpoint
CREATE INDEX "assessment_section_questions_question_idx" ON "assessment_section_questions" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_sections_position_key" ON "assessment_sections" USING btree ("assessment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_sections_category_key" ON "assessment_sections" USING btree ("assessment_id","category_id");--> statement-breakpoint
CREATE INDEX "assessment_sections_category_idx" ON "assessment_sections" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "assessment_timeline_assessment_idx" ON "assessment_timeline" USING btree ("assessment_id","at");--> statement-breakpoint
CREATE INDEX "assessments_org_created_idx" ON "assessments" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "assessments_org_access_idx" ON "assessments" USING btree ("organisation_id","last_access_time");--> statement-breakpoint
CREATE INDEX "assessments_creator_idx" ON "assessments" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_org_text_key" ON "questions" USING btree ("organisation_id",lower("quest_text"));--> statement-breakpoint
CREATE INDEX "questions_org_created_idx" ON "questions" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "responses_assessment_contractor_key" ON "responses" USING btree ("assessment_id","contractor_id");--> statement-breakpoint
CREATE INDEX "responses_org_access_idx" ON "responses" USING btree ("organisation_id","last_access_time");--> statement-breakpoint
CREATE INDEX "responses_contractor_access_idx" ON "responses" USING btree ("contractor_id","last_access_time");