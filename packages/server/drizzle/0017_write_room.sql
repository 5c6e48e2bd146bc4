-- #21 (writes): room on the pages of the rows that answering and reviewing update in place, so
-- that an update can be HOT (the new row version on the same page, no index entry written): none of
-- the columns a save or a judgement changes is indexed in response_questions and response_sections.
-- Every question row is updated at least once (its first answer); packed full, as copyAssessment
-- and the bench's generation insert them, each such update moved the row to another page and wrote
-- an entry in each of its three indexes. responses stays non-HOT (lastAccessTime is indexed), but
-- its new row version can still stay on its page. Applies to rows inserted from now on (existing
-- pages fill as before until a VACUUM FULL or CLUSTER rewrites them).
ALTER TABLE "response_questions" SET (fillfactor = 85);
--> statement-breakpoint
ALTER TABLE "response_sections" SET (fillfactor = 90);
--> statement-breakpoint
ALTER TABLE "responses" SET (fillfactor = 90);
--> statement-breakpoint
-- 0016's trigger ran its function on every UPDATE that names one of its columns, changed or not
-- (the responses' recount sets every count column). The UPDATE trigger now says in WHEN which
-- changes matter, so that an unchanged row queues no event and calls nothing; WHEN may not name OLD
-- on INSERT nor NEW on DELETE, hence two triggers calling the same function.
DROP TRIGGER "responses_count_contractor_scores" ON "responses";
--> statement-breakpoint
CREATE TRIGGER "responses_count_contractor_scores"
AFTER INSERT OR DELETE ON "responses"
FOR EACH ROW EXECUTE FUNCTION palisade_count_contractor_scores();
--> statement-breakpoint
CREATE TRIGGER "responses_count_contractor_scores_update"
AFTER UPDATE OF "status", "scored_marks", "total_marks", "organisation_id", "contractor_id" ON "responses"
FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."scored_marks" IS DISTINCT FROM NEW."scored_marks"
  OR OLD."total_marks" IS DISTINCT FROM NEW."total_marks" OR OLD."organisation_id" IS DISTINCT FROM NEW."organisation_id"
  OR OLD."contractor_id" IS DISTINCT FROM NEW."contractor_id")
EXECUTE FUNCTION palisade_count_contractor_scores();
