-- Issue 60: each organisation's time zone. Existing organisations get none (null), which the
-- portal reads as UTC: every stored due date (a day) keeps the instant it had, the end of that day
-- in UTC, until the organisation's admin sets a zone (or the first admin's browser does). From
-- then on the same stored day ends at midnight in that zone; no stored value is rewritten.
ALTER TABLE "organisations" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "time_zone_version" integer DEFAULT 0 NOT NULL;