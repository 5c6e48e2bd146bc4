-- Issue 63: the organisations' rankings (getTotalScoresOfContrsInCompany, the leaderboard, the
-- Engagement pages) kept as rows, rebuilt in the background (dashboards/ranking.service.ts) after
-- the changes that touch them, never on a reader's request: a reader reads a page of the kept rows
-- (or the whole, kept as text by its version), whatever the number of responses.
CREATE TABLE "contractor_rankings" (
	"organisation_id" text NOT NULL,
	"position" integer NOT NULL,
	"contractor_id" text NOT NULL,
	"contractor_name" text NOT NULL,
	"scored" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "contractor_rankings_pk" PRIMARY KEY("organisation_id","position")
);
--> statement-breakpoint
CREATE TABLE "ranking_state" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"wanted" bigint DEFAULT 1 NOT NULL,
	"built" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"ranked" integer DEFAULT 0 NOT NULL,
	"built_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contractor_rankings" ADD CONSTRAINT "contractor_rankings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_rankings" ADD CONSTRAINT "contractor_rankings_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_state" ADD CONSTRAINT "ranking_state_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractor_rankings_contractor_idx" ON "contractor_rankings" USING btree ("organisation_id","contractor_id");
--> statement-breakpoint
-- A rebuild's version: never given twice, so a text kept for one is never taken for another.
CREATE SEQUENCE "ranking_version_seq";
--> statement-breakpoint
-- Counts a change for each of these organisations' rankings (a new ranking_state row is due at
-- once). The ids sorted: statements that touch several take the rows' locks in one order.
-- Organisations being deleted (their contractor_scores go by cascade) are left out.
CREATE OR REPLACE FUNCTION palisade_want_rankings(ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ranking_state" ("organisation_id", "wanted")
  SELECT o.id, 1 FROM (SELECT DISTINCT unnest(ids) AS id) o
  WHERE o.id IS NOT NULL AND EXISTS (SELECT 1 FROM "organisations" g WHERE g."id" = o.id)
  ORDER BY o.id
  ON CONFLICT ("organisation_id") DO UPDATE SET "wanted" = "ranking_state"."wanted" + 1
$$;
--> statement-breakpoint
-- Any write of contractor_scores (0016's trigger keeps it in the transaction of each change of a
-- COMPLETED response), by whatever path, counts for the organisations of its rows; once per statement.
CREATE OR REPLACE FUNCTION palisade_scores_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "ranking_state" SET "wanted" = "wanted" + 1;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM palisade_want_rankings(ARRAY(SELECT "organisation_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM palisade_want_rankings(ARRAY(SELECT "organisation_id" FROM new_rows UNION SELECT "organisation_id" FROM old_rows));
  ELSE
    PERFORM palisade_want_rankings(ARRAY(SELECT "organisation_id" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contractor_scores_ranking_inserted" AFTER INSERT ON "contractor_scores" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION palisade_scores_changed();
--> statement-breakpoint
CREATE TRIGGER "contractor_scores_ranking_updated" AFTER UPDATE ON "contractor_scores" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION palisade_scores_changed();
--> statement-breakpoint
CREATE TRIGGER "contractor_scores_ranking_deleted" AFTER DELETE ON "contractor_scores" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION palisade_scores_changed();
--> statement-breakpoint
CREATE TRIGGER "contractor_scores_ranking_truncated" AFTER TRUNCATE ON "contractor_scores"
FOR EACH STATEMENT EXECUTE FUNCTION palisade_scores_changed();
--> statement-breakpoint
-- A ranking shows its contractors' names: a renamed contractor counts for the organisations where
-- it has scores. Every other update of users (sign-ins, settings) finds no rename and stops there.
CREATE OR REPLACE FUNCTION palisade_ranked_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed text[];
BEGIN
  renamed := ARRAY(SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."name" IS DISTINCT FROM o."name");
  IF cardinality(renamed) > 0 THEN
    PERFORM palisade_want_rankings(ARRAY(SELECT "organisation_id" FROM "contractor_scores" WHERE "contractor_id" = ANY(renamed)));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_ranked_names" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION palisade_ranked_names_changed();
--> statement-breakpoint
-- Every organisation with scores starts due: the first sweep builds its ranking.
INSERT INTO "ranking_state" ("organisation_id", "wanted")
SELECT DISTINCT "organisation_id", 1 FROM "contractor_scores"
ON CONFLICT ("organisation_id") DO NOTHING;
