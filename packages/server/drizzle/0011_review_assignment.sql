-- Issue 19: the organisation may assign one of its auditors to a response (optional). The
-- assigned auditor sees it first on its dashboard; every auditor still sees every response.
ALTER TABLE "responses" ADD COLUMN "assigned_auditor_id" text;
--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_assigned_auditor_id_users_id_fk" FOREIGN KEY ("assigned_auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "responses_org_assigned_idx" ON "responses" USING btree ("organisation_id","assigned_auditor_id") WHERE "assigned_auditor_id" IS NOT NULL;
