-- #21: the organisation's question bank (Select Existing Question: a page, a search) is kept by the
-- server, found again by this version: one row read by its key instead of numbering, searching
-- (ILIKE) and sorting the whole bank for each page. Any write to an organisation's questions, by
-- whatever path (the app, the seed, SQL typed by hand), gives its bank a new version in the same
-- transaction; a version is never given twice (a sequence), so a bank deleted and built again
-- cannot meet a version kept from before.
CREATE SEQUENCE "question_bank_version_seq";
--> statement-breakpoint
CREATE TABLE "question_bank_versions" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Taken while the triggers below are created in this transaction: no change slips in between.
LOCK TABLE "questions" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "question_bank_versions" ("organisation_id", "version")
SELECT "organisation_id", nextval('question_bank_version_seq') FROM (SELECT DISTINCT "organisation_id" FROM "questions") b;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palisade_bump_question_banks(ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "question_bank_versions" ("organisation_id", "version")
  SELECT id, nextval('question_bank_version_seq') FROM (SELECT DISTINCT unnest(ids) AS id) b
  ON CONFLICT ("organisation_id") DO UPDATE SET "version" = EXCLUDED."version"
$$;
--> statement-breakpoint
-- Once per statement, over the organisations of the rows it wrote (a statement's transition tables
-- need a trigger per event); a TRUNCATE gives every bank a new version.
CREATE OR REPLACE FUNCTION palisade_question_bank_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM palisade_bump_question_banks(ARRAY(SELECT "organisation_id" FROM new_questions));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM palisade_bump_question_banks(ARRAY(SELECT "organisation_id" FROM new_questions UNION SELECT "organisation_id" FROM old_questions));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM palisade_bump_question_banks(ARRAY(SELECT "organisation_id" FROM old_questions));
  ELSE
    UPDATE "question_bank_versions" SET "version" = nextval('question_bank_version_seq');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "questions_bank_inserted" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_questions
FOR EACH STATEMENT EXECUTE FUNCTION palisade_question_bank_changed();
--> statement-breakpoint
CREATE TRIGGER "questions_bank_updated" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_questions NEW TABLE AS new_questions
FOR EACH STATEMENT EXECUTE FUNCTION palisade_question_bank_changed();
--> statement-breakpoint
CREATE TRIGGER "questions_bank_deleted" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_questions
FOR EACH STATEMENT EXECUTE FUNCTION palisade_question_bank_changed();
--> statement-breakpoint
CREATE TRIGGER "questions_bank_truncated" AFTER TRUNCATE ON "questions"
FOR EACH STATEMENT EXECUTE FUNCTION palisade_question_bank_changed();
