-- Issue 56 (DECISIONS.md): an organisation disables an auditor or contractor that also serves
-- another organisation for itself only. The membership keeps when it was disabled; the account
-- stays active elsewhere. Null: the membership works.
ALTER TABLE "user_organisations" ADD COLUMN "disabled_at" timestamp with time zone;
