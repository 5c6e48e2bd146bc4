-- Every instance keeps session lookups in memory until sessions, users, their organisations or
-- organisations change (src/db/freshness.ts). The database tells every instance of such a change,
-- whoever made it: after each statement that writes one of these tables it notifies the channel
-- palisade_auth (delivered at commit; repeats within one transaction are folded into one).
CREATE OR REPLACE FUNCTION palisade_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('palisade_auth', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION palisade_notify_auth();
--> statement-breakpoint
CREATE TRIGGER users_notify_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION palisade_notify_auth();
--> statement-breakpoint
CREATE TRIGGER user_organisations_notify_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_organisations" FOR EACH STATEMENT EXECUTE FUNCTION palisade_notify_auth();
--> statement-breakpoint
CREATE TRIGGER organisations_notify_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organisations" FOR EACH STATEMENT EXECUTE FUNCTION palisade_notify_auth();
