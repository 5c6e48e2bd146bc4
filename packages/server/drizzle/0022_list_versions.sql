-- #21: lists of an organisation that the server keeps, found again by their version: one row read
-- by its key instead of the list's statement for each page.
-- - 'question_bank' (Select Existing Question): the questions;
-- - 'assessments' (the Assessments modal's pages): the assessments, who each is shared with, their
--   timelines, and the names shown with them (the organisation's, each creator's).
-- Any write of those rows, by whatever path (the app, the seed, SQL typed by hand), gives the
-- organisation's list a new version in the same transaction. A version is never given twice (a
-- sequence), so a list deleted and built again cannot meet a version kept from before.
CREATE SEQUENCE "list_version_seq";
--> statement-breakpoint
CREATE TABLE "list_versions" (
	"organisation_id" text NOT NULL,
	"list" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "list_versions_pk" PRIMARY KEY ("organisation_id", "list")
);
--> statement-breakpoint
-- Taken while the triggers below are created in this transaction: no change slips in between.
LOCK TABLE "questions", "assessments", "assessment_contractors", "assessment_timeline" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "list_versions" ("organisation_id", "list", "version")
SELECT "organisation_id", 'question_bank', nextval('list_version_seq') FROM (SELECT DISTINCT "organisation_id" FROM "questions") b;
--> statement-breakpoint
INSERT INTO "list_versions" ("organisation_id", "list", "version")
SELECT "organisation_id", 'assessments', nextval('list_version_seq') FROM (SELECT DISTINCT "organisation_id" FROM "assessments") a;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palisade_bump_list_versions(list text, ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "list_versions" ("organisation_id", "list", "version")
  SELECT id, list, nextval('list_version_seq') FROM (SELECT DISTINCT unnest(ids) AS id) b WHERE id IS NOT NULL
  ON CONFLICT ("organisation_id", "list") DO UPDATE SET "version" = EXCLUDED."version"
$$;
--> statement-breakpoint
-- Once per statement, over the organisations of the rows it wrote (new_rows, old_rows: a
-- statement's transition tables, which need a trigger per event); the list is the trigger's
-- argument. Questions and assessments name their organisation; sharing and timeline rows, their
-- assessment's. A TRUNCATE gives every organisation's list a new version.
CREATE OR REPLACE FUNCTION palisade_list_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "list_versions" SET "version" = nextval('list_version_seq') WHERE "list" = TG_ARGV[0];
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME IN ('questions', 'assessments') THEN
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT "organisation_id" FROM new_rows);
    ELSIF TG_OP = 'UPDATE' THEN
      ids := ARRAY(SELECT "organisation_id" FROM new_rows UNION SELECT "organisation_id" FROM old_rows);
    ELSE
      ids := ARRAY(SELECT "organisation_id" FROM old_rows);
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      ids := ARRAY(SELECT a."organisation_id" FROM "assessments" a WHERE a."id" IN (SELECT "assessment_id" FROM new_rows));
    ELSIF TG_OP = 'UPDATE' THEN
      ids := ARRAY(SELECT a."organisation_id" FROM "assessments" a
        WHERE a."id" IN (SELECT "assessment_id" FROM new_rows UNION SELECT "assessment_id" FROM old_rows));
    ELSE
      -- Rows deleted with their assessment find none: the assessment's own delete counted.
      ids := ARRAY(SELECT a."organisation_id" FROM "assessments" a WHERE a."id" IN (SELECT "assessment_id" FROM old_rows));
    END IF;
  END IF;
  PERFORM palisade_bump_list_versions(TG_ARGV[0], ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Four triggers (insert, update, delete, truncate) on each table a list is read from, the list
-- their argument: questions for the question bank; assessments, their sharing and their
-- timelines for the assessments list.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('questions', 'question_bank'), ('assessments', 'assessments'),
    ('assessment_contractors', 'assessments'), ('assessment_timeline', 'assessments')) AS v(tab, list)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION palisade_list_rows_changed(%L)', t.tab || '_list_inserted', t.tab, t.list);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION palisade_list_rows_changed(%L)', t.tab || '_list_updated', t.tab, t.list);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION palisade_list_rows_changed(%L)', t.tab || '_list_deleted', t.tab, t.list);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION palisade_list_rows_changed(%L)', t.tab || '_list_truncated', t.tab, t.list);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The names shown with the assessments: a renamed organisation, a creator renamed or retyped.
CREATE OR REPLACE FUNCTION palisade_list_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'organisations' THEN
    PERFORM palisade_bump_list_versions('assessments', ARRAY(
      SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."name" IS DISTINCT FROM o."name"));
  ELSE
    PERFORM palisade_bump_list_versions('assessments', ARRAY(
      SELECT a."organisation_id" FROM "assessments" a WHERE a."creator_id" IN (
        SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE n."name" IS DISTINCT FROM o."name" OR n."type" IS DISTINCT FROM o."type")));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "organisations_list_names" AFTER UPDATE ON "organisations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION palisade_list_names_changed();
--> statement-breakpoint
CREATE TRIGGER "users_list_names" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION palisade_list_names_changed();
