CREATE TABLE "response_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"response_id" text NOT NULL,
	"response_section_id" text NOT NULL,
	"position" integer NOT NULL,
	"question_id" text NOT NULL,
	"quest_text" text NOT NULL,
	"answer_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_status" text DEFAULT 'UNANSWERED' NOT NULL,
	"assess_status" text DEFAULT 'NONE' NOT NULL,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "response_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"response_id" text NOT NULL,
	"position" integer NOT NULL,
	"assessment_section_id" text NOT NULL,
	"category_id" text NOT NULL,
	"category_name" text NOT NULL,
	"total_marks" integer NOT NULL,
	"factor_environment" boolean DEFAULT false NOT NULL,
	"factor_social" boolean DEFAULT false NOT NULL,
	"factor_governance" boolean DEFAULT false NOT NULL,
	"factor_others" boolean DEFAULT false NOT NULL,
	"scored_marks" integer,
	"question_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"judged_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_timeline" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"response_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_type" smallint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "staff_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "contractor_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "is_due_date_extended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "new_due_date" date;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "total_sections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "complete_sections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "total_questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "answered_questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "judged_questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "rejected_questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "accepted_questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "total_marks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "scored_marks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "response_questions" ADD CONSTRAINT "response_questions_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_questions" ADD CONSTRAINT "response_questions_response_section_id_response_sections_id_fk" FOREIGN KEY ("response_section_id") REFERENCES "public"."response_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_questions" ADD CONSTRAINT "response_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_sections" ADD CONSTRAINT "response_sections_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_sections" ADD CONSTRAINT "response_sections_assessment_section_id_assessment_sections_id_fk" FOREIGN KEY ("assessment_section_id") REFERENCES "public"."assessment_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_sections" ADD CONSTRAINT "response_sections_category_id_assess_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."assess_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_timeline" ADD CONSTRAINT "response_timeline_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_timeline" ADD CONSTRAINT "response_timeline_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "response_questions_position_key" ON "response_questions" USING btree ("response_section_id","position");--> statement-breakpoint
CREATE INDEX "response_questions_response_idx" ON "response_questions" USING btree ("response_id");--> statement-breakpoint
CREATE UNIQUE INDEX "response_sections_position_key" ON "response_sections" USING btree ("response_id","position");--> statement-breakpoint
CREATE INDEX "response_sections_assessment_section_idx" ON "response_sections" USING btree ("assessment_section_id");--> statement-breakpoint
CREATE INDEX "response_timeline_response_idx" ON "response_timeline" USING btree ("response_id","at");--> statement-breakpoint
CREATE INDEX "responses_org_status_access_idx" ON "responses" USING btree ("organisation_id","status","last_access_time" DESC NULLS LAST);