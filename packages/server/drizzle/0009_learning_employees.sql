CREATE TABLE "learning_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"topic" text NOT NULL,
	"subcat" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" smallint NOT NULL,
	"rewards" integer NOT NULL,
	"total_time" integer NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"item_url" text DEFAULT '' NOT NULL,
	"file" jsonb,
	"ready" boolean DEFAULT false NOT NULL,
	"creator_id" text NOT NULL,
	"creator_type" smallint NOT NULL,
	"creator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_progress" (
	"doc_id" text NOT NULL,
	"user_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"contractor_id" text DEFAULT '' NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_progress_doc_id_user_id_pk" PRIMARY KEY("doc_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "learning_month_seconds" (
	"organisation_id" text NOT NULL,
	"month" date NOT NULL,
	"contractor_id" text DEFAULT '' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_month_seconds_organisation_id_month_contractor_id_pk" PRIMARY KEY("organisation_id","month","contractor_id")
);
--> statement-breakpoint
CREATE TABLE "notice_views" (
	"doc_id" text NOT NULL,
	"user_id" text NOT NULL,
	"contractor_id" text DEFAULT '' NOT NULL,
	"viewer_type" smallint NOT NULL,
	"viewer_name" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_views_doc_id_user_id_pk" PRIMARY KEY("doc_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "learning_categories" ADD CONSTRAINT "learning_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_documents" ADD CONSTRAINT "learning_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_documents" ADD CONSTRAINT "learning_documents_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_progress" ADD CONSTRAINT "learning_progress_doc_id_learning_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."learning_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_progress" ADD CONSTRAINT "learning_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_month_seconds" ADD CONSTRAINT "learning_month_seconds_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_views" ADD CONSTRAINT "notice_views_doc_id_learning_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."learning_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_views" ADD CONSTRAINT "notice_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_categories_org_kind_name_key" ON "learning_categories" USING btree ("organisation_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "learning_documents_org_topic_idx" ON "learning_documents" USING btree ("organisation_id","topic","created_at");--> statement-breakpoint
CREATE INDEX "learning_progress_user_idx" ON "learning_progress" USING btree ("user_id","seconds","completed");--> statement-breakpoint
CREATE INDEX "notice_views_doc_contractor_idx" ON "notice_views" USING btree ("doc_id","contractor_id");--> statement-breakpoint
CREATE INDEX "notice_views_user_idx" ON "notice_views" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "users_org_type_name_live_idx" ON "users" USING btree ("organisation_id","type","name","id") WHERE "users"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "users_contractor_name_live_idx" ON "users" USING btree ("contractor_id","name","id") WHERE "users"."deleted_at" is null;
