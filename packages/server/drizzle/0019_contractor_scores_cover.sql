-- #21: the organisation's score totals, leaderboard and Engagement read every contractor_scores row
-- of the organisation by a sequential scan. The table is rewritten on every change of a COMPLETED
-- response (0016's trigger), so its heap holds many dead versions per live row between vacuums
-- (939 pages for 1 003 rows after the bench's 200 000 responses) and that scan grew with the
-- writes, not with the contractors. This index answers the read alone (an index-only scan).
CREATE INDEX IF NOT EXISTS "contractor_scores_org_cover_idx" ON "contractor_scores" ("organisation_id") INCLUDE ("contractor_id", "completed", "scored", "total");
