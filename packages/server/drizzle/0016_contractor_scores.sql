-- #21: each contractor's sums over its COMPLETED responses in an organisation, kept by a trigger in
-- the transaction that changes a response, so that the totals, leaderboard and Engagement pages
-- read one row per contractor instead of aggregating every COMPLETED response.
CREATE TABLE "contractor_scores" (
	"organisation_id" text NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
	"contractor_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"completed" integer NOT NULL DEFAULT 0,
	"scored" bigint NOT NULL DEFAULT 0,
	"total" bigint NOT NULL DEFAULT 0,
	CONSTRAINT "contractor_scores_pk" PRIMARY KEY ("organisation_id", "contractor_id")
);
--> statement-breakpoint
-- Taken while the trigger below is created in this transaction: no change slips in between.
LOCK TABLE "responses" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "contractor_scores" ("organisation_id", "contractor_id", "completed", "scored", "total")
SELECT "organisation_id", "contractor_id", count(*), sum("scored_marks"), sum("total_marks")
FROM "responses" WHERE "status" = 'COMPLETED'
GROUP BY 1, 2;
--> statement-breakpoint
-- Every row written to responses, by whatever path (the app, the seed, SQL typed by hand), moves the
-- sums of its contractor when it is or was COMPLETED. A row whose count reaches 0 stays, read as none.
CREATE OR REPLACE FUNCTION palisade_count_contractor_scores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND OLD."scored_marks" = NEW."scored_marks"
    AND OLD."total_marks" = NEW."total_marks" AND OLD."organisation_id" = NEW."organisation_id"
    AND OLD."contractor_id" = NEW."contractor_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'COMPLETED' THEN
    UPDATE "contractor_scores" SET "completed" = "completed" - 1, "scored" = "scored" - OLD."scored_marks",
      "total" = "total" - OLD."total_marks"
    WHERE "organisation_id" = OLD."organisation_id" AND "contractor_id" = OLD."contractor_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'COMPLETED' THEN
    INSERT INTO "contractor_scores" ("organisation_id", "contractor_id", "completed", "scored", "total")
    VALUES (NEW."organisation_id", NEW."contractor_id", 1, NEW."scored_marks", NEW."total_marks")
    ON CONFLICT ("organisation_id", "contractor_id") DO UPDATE SET "completed" = "contractor_scores"."completed" + 1,
      "scored" = "contractor_scores"."scored" + EXCLUDED."scored", "total" = "contractor_scores"."total" + EXCLUDED."total";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "responses_count_contractor_scores"
AFTER INSERT OR DELETE OR UPDATE OF "status", "scored_marks", "total_marks", "organisation_id", "contractor_id" ON "responses"
FOR EACH ROW EXECUTE FUNCTION palisade_count_contractor_scores();
--> statement-breakpoint
-- Ids of the rows a response copies from its assessment (its sections and questions), in time order
-- (UUID version 7: 48 bits of epoch milliseconds, then random): every new response's rows go to
-- the right edge of their keys' indexes, not to random pages of indexes that grow past memory
-- (response_questions holds 50 rows per response). They tell nothing the response's own
-- createdAt does not.
CREATE OR REPLACE FUNCTION palisade_uuid7() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid::text
$$;
