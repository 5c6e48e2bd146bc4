CREATE TABLE "assessment_recurrences" (
	"assessment_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"interval_months" smallint NOT NULL,
	"starts_on" date NOT NULL,
	"window_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_round_on" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_rounds" (
	"assessment_id" text NOT NULL,
	"round_number" integer NOT NULL,
	"organisation_id" text NOT NULL,
	"label" text NOT NULL,
	"starts_on" date NOT NULL,
	"due_date" date NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assessment_rounds_pk" PRIMARY KEY("assessment_id","round_number")
);
--> statement-breakpoint
CREATE TABLE "response_carry_overs" (
	"response_question_id" text PRIMARY KEY NOT NULL,
	"response_id" text NOT NULL,
	"previous_question_id" text NOT NULL,
	"carried_version" integer NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "responses_assessment_contractor_key";--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "round_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "previous_response_id" text;--> statement-breakpoint
ALTER TABLE "assessment_recurrences" ADD CONSTRAINT "assessment_recurrences_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_recurrences" ADD CONSTRAINT "assessment_recurrences_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_recurrences" ADD CONSTRAINT "assessment_recurrences_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_rounds" ADD CONSTRAINT "assessment_rounds_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_rounds" ADD CONSTRAINT "assessment_rounds_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_carry_overs" ADD CONSTRAINT "response_carry_overs_response_question_id_response_questions_id_fk" FOREIGN KEY ("response_question_id") REFERENCES "public"."response_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_carry_overs" ADD CONSTRAINT "response_carry_overs_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_carry_overs" ADD CONSTRAINT "response_carry_overs_previous_question_id_response_questions_id_fk" FOREIGN KEY ("previous_question_id") REFERENCES "public"."response_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_recurrences_due_idx" ON "assessment_recurrences" USING btree ("next_round_on") WHERE "assessment_recurrences"."active";--> statement-breakpoint
CREATE INDEX "assessment_recurrences_org_idx" ON "assessment_recurrences" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "assessment_rounds_org_idx" ON "assessment_rounds" USING btree ("organisation_id","starts_on");--> statement-breakpoint
CREATE INDEX "response_carry_overs_response_idx" ON "response_carry_overs" USING btree ("response_id");--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_previous_response_id_responses_id_fk" FOREIGN KEY ("previous_response_id") REFERENCES "public"."responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "responses_assessment_contractor_round_key" ON "responses" USING btree ("assessment_id","contractor_id","round_number");--> statement-breakpoint
CREATE INDEX "responses_previous_idx" ON "responses" USING btree ("previous_response_id") WHERE "responses"."previous_response_id" is not null;