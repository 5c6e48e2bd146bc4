CREATE TABLE "feedbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"author_id" text NOT NULL,
	"author_type" smallint NOT NULL,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"company_name" text NOT NULL,
	"feedback_text" text NOT NULL,
	"attachments" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_document_views" (
	"document_id" text NOT NULL,
	"user_id" text NOT NULL,
	"viewer_type" smallint NOT NULL,
	"viewer_name" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_document_views_document_id_user_id_pk" PRIMARY KEY("document_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "policy_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"creator_id" text NOT NULL,
	"creator_type" smallint NOT NULL,
	"creator_name" text NOT NULL,
	"attachments" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "auditors_excluded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_document_views" ADD CONSTRAINT "policy_document_views_document_id_policy_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."policy_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_document_views" ADD CONSTRAINT "policy_document_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedbacks_org_idx" ON "feedbacks" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "policy_document_views_user_idx" ON "policy_document_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "policy_documents_org_idx" ON "policy_documents" USING btree ("organisation_id","created_at");
