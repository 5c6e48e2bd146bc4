-- #21: one contractor's observation graph counted its year of reports by fetching each from the
-- heap (one page a report: 90 pages for 90 reports, 0.55 ms). The contractor's index carries the
-- organisation and the category, so the graph reads the index alone (an index-only scan, 0.24 ms);
-- the contractor's table pages by the same key columns as before.
DROP INDEX IF EXISTS "observations_contractor_reported_idx";
--> statement-breakpoint
CREATE INDEX "observations_contractor_reported_idx" ON "observations" ("contractor_id", "reported_at", "id") INCLUDE ("organisation_id", "category");
