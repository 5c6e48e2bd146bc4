-- #21: the organisation's Learning in hours chart summed 12 × contractors rows of
-- learning_month_seconds (4 564 rows, 2.3 ms for the bench's 1 000 contractors). The organisation's
-- month sums are kept beside them, written in the same statement as the contractor's row
-- (learning.repository.ts addMonthSeconds).
CREATE TABLE "learning_org_month_seconds" (
	"organisation_id" text NOT NULL REFERENCES "organisations"("id"),
	"month" date NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_org_month_seconds_organisation_id_month_pk" PRIMARY KEY("organisation_id","month")
);
--> statement-breakpoint
-- No month sum changes while the organisations' sums are counted from them.
LOCK TABLE "learning_month_seconds" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "learning_org_month_seconds" ("organisation_id", "month", "seconds")
SELECT "organisation_id", "month", sum("seconds") FROM "learning_month_seconds" GROUP BY 1, 2;
