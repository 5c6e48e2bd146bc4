-- #21: the organisation's safety observation graph summed a year of observation_day_counts
-- (1 980 day × category rows, 1.7 ms for the bench's 100 000 reports). The month sums are kept
-- beside the day counts, written in the same statement (observations.repository.ts bumpDayCount).
CREATE TABLE "observation_month_counts" (
	"organisation_id" text NOT NULL REFERENCES "organisations"("id"),
	"month" date NOT NULL,
	"category" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "observation_month_counts_organisation_id_month_category_pk" PRIMARY KEY("organisation_id","month","category")
);
--> statement-breakpoint
-- No day count changes while the month sums are counted from them.
LOCK TABLE "observation_day_counts" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "observation_month_counts" ("organisation_id", "month", "category", "n")
SELECT "organisation_id", date_trunc('month', "day")::date, "category", sum("n")::int FROM "observation_day_counts" GROUP BY 1, 2, 3;
