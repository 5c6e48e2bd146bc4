-- Issue 56 (DECISIONS.md: client-made ids and versions).
-- An assessment's version goes up with every change: an edit based on an older one is refused.
ALTER TABLE "assessments" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Who created a category or question: a create repeated with the same client-made id is answered
-- with the stored row for that user only (another user's is 409). Older rows have none.
ALTER TABLE "assess_categories" ADD COLUMN "creator_id" text REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "creator_id" text REFERENCES "users"("id") ON DELETE SET NULL;
