-- Issue 64: auditors may not read observations, so they may not read their photos either (a file's
-- readers are exactly its object's readers). Photos recorded before were readable by every staff
-- member of the organisation, auditors included; they are now for its own users and the reporter.
UPDATE "files" SET "auditors_excluded" = true WHERE "path" LIKE 'observations/%';
