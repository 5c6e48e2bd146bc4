-- Issue 63: the contractor search (POST /contractor/searchContractors, getContractorIds) matches
-- ILIKE '%text%' on a live contractor's name, e-mail, location or contact person. One GIN index of
-- the four columns' trigrams: a rare text is found by a BitmapOr of its four scans; for a common
-- one the planner reads the organisation's contractors instead (the columns' statistics tell it
-- which). pg_trgm is created by migration 0018; PGlite loads it (db/client.ts).
CREATE INDEX "users_contractor_search_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops,"email" gin_trgm_ops,"location" gin_trgm_ops,"contact_person_name" gin_trgm_ops) WHERE "users"."type" = 3 and "users"."deleted_at" is null;