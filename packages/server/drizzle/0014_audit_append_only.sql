-- #23: the audit log is append-only for the application. A row, once written, can be neither
-- changed nor removed: an UPDATE or DELETE raises, whoever sends it (TRUNCATE, which only an owner
-- running maintenance by hand would send, is left alone).
CREATE OR REPLACE FUNCTION palisade_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION palisade_audit_log_append_only();
--> statement-breakpoint
-- The Activity page reads an organisation's rows newest first, filtered by person and date.
CREATE INDEX "audit_log_organisation_at_idx" ON "audit_log" USING btree ("organisation_id", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_organisation_actor_at_idx" ON "audit_log" USING btree ("organisation_id", "actor_id", "at" DESC);
