-- Issue 57: the compliance matrix at 1 000 contractors × 20 requirements computes 20 000 cells; it
-- is kept per organisation and day (matrix.service.ts) under this number, which every write that
-- may change what the matrix shows bumps in its own transaction: statement triggers (one bump per
-- statement, whatever its rows) on the current documents, the requirements, the links between
-- organisations and contractors, and a contractor's name, location, type or deletion.
CREATE TABLE "compliance_versions" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palisade_compliance_bump(orgs text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO compliance_versions (organisation_id, version)
  SELECT DISTINCT o, 1 FROM unnest(orgs) AS o WHERE o IS NOT NULL
  ORDER BY 1
  ON CONFLICT (organisation_id) DO UPDATE SET version = compliance_versions.version + 1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palisade_compliance_bump_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM palisade_compliance_bump(ARRAY(SELECT DISTINCT organisation_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palisade_compliance_bump_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM palisade_compliance_bump(ARRAY(SELECT DISTINCT organisation_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palisade_compliance_bump_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM palisade_compliance_bump(ARRAY(SELECT organisation_id FROM new_rows UNION SELECT organisation_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A contractor renamed, moved, deleted or retyped: the organisations it is linked to.
CREATE OR REPLACE FUNCTION palisade_compliance_bump_contractors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM palisade_compliance_bump(ARRAY(
    SELECT DISTINCT uo.organisation_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN user_organisations uo ON uo.user_id = n.id
    WHERE (n.name, n.location, n.deleted_at, n.type) IS DISTINCT FROM (o.name, o.location, o.deleted_at, o.type)
      AND (n.type = 3 OR o.type = 3)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER compliance_current_bump_insert AFTER INSERT ON compliance_current REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_new();
--> statement-breakpoint
CREATE TRIGGER compliance_current_bump_update AFTER UPDATE ON compliance_current REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_both();
--> statement-breakpoint
CREATE TRIGGER compliance_current_bump_delete AFTER DELETE ON compliance_current REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_old();
--> statement-breakpoint
CREATE TRIGGER compliance_requirements_bump_insert AFTER INSERT ON compliance_requirements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_new();
--> statement-breakpoint
CREATE TRIGGER compliance_requirements_bump_update AFTER UPDATE ON compliance_requirements REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_both();
--> statement-breakpoint
CREATE TRIGGER compliance_requirements_bump_delete AFTER DELETE ON compliance_requirements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_old();
--> statement-breakpoint
CREATE TRIGGER user_organisations_compliance_bump_insert AFTER INSERT ON user_organisations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_new();
--> statement-breakpoint
CREATE TRIGGER user_organisations_compliance_bump_update AFTER UPDATE ON user_organisations REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_both();
--> statement-breakpoint
CREATE TRIGGER user_organisations_compliance_bump_delete AFTER DELETE ON user_organisations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_old();
--> statement-breakpoint
CREATE TRIGGER users_compliance_bump_update AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION palisade_compliance_bump_contractors();
