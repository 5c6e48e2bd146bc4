-- #22: notifications (in-app), the e-mail switches per kind, the mail queue, and the marks that
-- keep the reminder and chat digest sweeps from telling anything twice.
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"organisation_id" text REFERENCES "organisations"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "notification_email_opt_outs" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_email_opt_outs_pk" PRIMARY KEY ("user_id", "kind")
);
--> statement-breakpoint
CREATE TABLE "mail_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE CASCADE,
	"notification_id" text REFERENCES "notifications"("id") ON DELETE SET NULL,
	"kind" text NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"link" text,
	"unsubscribe_link" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "mail_jobs_pending_idx" ON "mail_jobs" USING btree ("run_at", "id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE "notification_reminders" (
	"response_id" text NOT NULL REFERENCES "responses"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reminders_pk" PRIMARY KEY ("response_id", "kind", "due_date")
);
--> statement-breakpoint
CREATE TABLE "chat_digests" (
	"room_id" text NOT NULL REFERENCES "chat_rooms"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"last_message_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_digests_pk" PRIMARY KEY ("room_id", "user_id")
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The chat digest sweep reads the messages of the last day that are older than ten minutes.
CREATE INDEX "chat_messages_created_idx" ON "chat_messages" USING btree ("created_at");
