-- #17: a storage quota per organisation and a limit on uploads that nothing uses.
-- Adding the columns locks files until this migration commits, so no upload slips in between the
-- counts taken below and the trigger that keeps them.
ALTER TABLE "files" ADD COLUMN "quota_organisation_id" text;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "unattached_since" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "files_unattached_owner_idx" ON "files" USING btree ("owner_id") WHERE "unattached_since" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "files_unattached_since_idx" ON "files" USING btree ("unattached_since") WHERE "unattached_since" IS NOT NULL;
--> statement-breakpoint
-- Profile images belong to no one organisation: they count against their owner's.
UPDATE "files" f SET "quota_organisation_id" = COALESCE(
  u."organisation_id",
  (SELECT min(uo."organisation_id") FROM "user_organisations" uo WHERE uo."user_id" = u."id")
)
FROM "users" u
WHERE f."organisation_id" IS NULL AND u."id" = f."owner_id";
--> statement-breakpoint
-- Answer attachments that no question names were uploaded and never attached (or taken off their
-- answer): they start their 24 hours now.
UPDATE "files" f SET "unattached_since" = now()
WHERE f."path" LIKE 'assessment/%'
  AND NOT EXISTS (
    SELECT 1 FROM "response_questions" q, jsonb_array_elements(q."attachments") a
    WHERE a->>'filePath' = f."path"
  );
--> statement-breakpoint
CREATE TABLE "organisation_storage" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"used_bytes" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "organisation_storage" ("organisation_id", "used_bytes")
SELECT COALESCE("quota_organisation_id", "organisation_id"), sum("size")
FROM "files"
WHERE COALESCE("quota_organisation_id", "organisation_id") IS NOT NULL
GROUP BY 1;
--> statement-breakpoint
-- Every row written to files, by whatever path (the app, the seed, SQL typed by hand), moves the
-- count of the organisation it is charged to, in the same transaction.
CREATE OR REPLACE FUNCTION palisade_count_storage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND COALESCE(OLD."quota_organisation_id", OLD."organisation_id") IS NOT NULL THEN
    UPDATE "organisation_storage" SET "used_bytes" = "used_bytes" - OLD."size"
    WHERE "organisation_id" = COALESCE(OLD."quota_organisation_id", OLD."organisation_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND COALESCE(NEW."quota_organisation_id", NEW."organisation_id") IS NOT NULL THEN
    INSERT INTO "organisation_storage" ("organisation_id", "used_bytes")
    VALUES (COALESCE(NEW."quota_organisation_id", NEW."organisation_id"), NEW."size")
    ON CONFLICT ("organisation_id") DO UPDATE SET "used_bytes" = "organisation_storage"."used_bytes" + EXCLUDED."used_bytes";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "files_count_storage" AFTER INSERT OR DELETE OR UPDATE OF "size", "organisation_id", "quota_organisation_id" ON "files"
FOR EACH ROW EXECUTE FUNCTION palisade_count_storage();
