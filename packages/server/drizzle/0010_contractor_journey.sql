-- Issue 18: the contractor's journey. Each answer carries a version, so that a save based on an
-- older one is refused (two tabs); the questions rejected when a response entered REASSESSMENT
-- remember the version they had then (editable until the contractor submits); every judgement
-- and remark of the auditors is kept per question.
ALTER TABLE "response_questions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "response_questions" ADD COLUMN "reopened_version" integer;--> statement-breakpoint
UPDATE "response_questions" q SET "reopened_version" = q."version"
  FROM "responses" r
  WHERE r."id" = q."response_id" AND r."status" = 'REASSESSMENT' AND q."assess_status" = 'REJECTED';--> statement-breakpoint
CREATE TABLE "response_question_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"response_id" text NOT NULL,
	"response_question_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_type" smallint NOT NULL,
	"assess_status" text NOT NULL,
	"remarks" text
);--> statement-breakpoint
ALTER TABLE "response_question_history" ADD CONSTRAINT "response_question_history_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_question_history" ADD CONSTRAINT "response_question_history_response_question_id_response_questions_id_fk" FOREIGN KEY ("response_question_id") REFERENCES "public"."response_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_question_history" ADD CONSTRAINT "response_question_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "response_question_history_question_idx" ON "response_question_history" USING btree ("response_question_id","at");--> statement-breakpoint
CREATE INDEX "response_question_history_response_idx" ON "response_question_history" USING btree ("response_id");
