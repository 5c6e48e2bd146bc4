-- Issue 61: the audit log stays append-only (0014), but the erasure of an organisation
-- (`npm run org:erase`) deletes that organisation's own rows: the erasing transaction names the
-- organisation in the setting palisade.erasing_organisation (SET LOCAL), and only DELETEs of that
-- organisation's rows pass. Every UPDATE, and every other DELETE, is refused as before.
CREATE OR REPLACE FUNCTION palisade_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.organisation_id IS NOT NULL
     AND OLD.organisation_id = current_setting('palisade.erasing_organisation', true) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
