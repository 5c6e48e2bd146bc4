ALTER TABLE "responses" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "responses" SET "completed_at" = (SELECT max("at") FROM "response_timeline" WHERE "response_timeline"."response_id" = "responses"."id" AND "response_timeline"."to_status" = 'COMPLETED') WHERE "status" = 'COMPLETED';--> statement-breakpoint
UPDATE "responses" SET "completed_at" = "last_access_time" WHERE "status" = 'COMPLETED' AND "completed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "responses_org_completed_idx" ON "responses" USING btree ("organisation_id","completed_at","contractor_id","scored_marks","total_marks") WHERE "responses"."status" = 'COMPLETED';
