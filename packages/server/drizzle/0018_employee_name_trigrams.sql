-- #21: the Employee Learning table's name search (ILIKE '%text%', learning.repository employeePage)
-- read every live employee of the organisation (5 000 in the bench data set) to count the matches.
-- A trigram index finds the candidates instead; PGlite loads the same extension (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_employee_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops) WHERE "type" = 5 AND "deleted_at" IS NULL;
