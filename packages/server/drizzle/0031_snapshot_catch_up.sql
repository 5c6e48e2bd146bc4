-- Issue 62: drizzle-kit's snapshot catches up with migrations 0013–0030, which were written by
-- hand (meta/0031_snapshot.json is what `drizzle-kit generate` makes of src/db/tables/*; with it,
-- a later `generate` writes only what a later change to the tables adds). Every table, column,
-- primary key and index of the snapshot is already in the database; only sixteen foreign keys
-- carry PostgreSQL's default names (…_fkey) where the snapshot has drizzle's (…_fk): renamed here,
-- so that a generated migration that drops or changes one finds it. (Three more keep names that
-- PostgreSQL cut at 63 characters, as it would cut drizzle's.)
ALTER TABLE "sign_in_failures" RENAME CONSTRAINT "sign_in_failures_user_id_fkey" TO "sign_in_failures_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "assess_categories" RENAME CONSTRAINT "assess_categories_creator_id_fkey" TO "assess_categories_creator_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "questions" RENAME CONSTRAINT "questions_creator_id_fkey" TO "questions_creator_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "contractor_scores" RENAME CONSTRAINT "contractor_scores_organisation_id_fkey" TO "contractor_scores_organisation_id_organisations_id_fk";--> statement-breakpoint
ALTER TABLE "contractor_scores" RENAME CONSTRAINT "contractor_scores_contractor_id_fkey" TO "contractor_scores_contractor_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "chat_digests" RENAME CONSTRAINT "chat_digests_room_id_fkey" TO "chat_digests_room_id_chat_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "chat_digests" RENAME CONSTRAINT "chat_digests_user_id_fkey" TO "chat_digests_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "observation_month_counts" RENAME CONSTRAINT "observation_month_counts_organisation_id_fkey" TO "observation_month_counts_organisation_id_organisations_id_fk";--> statement-breakpoint
ALTER TABLE "learning_employee_totals" RENAME CONSTRAINT "learning_employee_totals_user_id_fkey" TO "learning_employee_totals_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "learning_org_month_seconds" RENAME CONSTRAINT "learning_org_month_seconds_organisation_id_fkey" TO "learning_org_month_seconds_organisation_id_organisations_id_fk";--> statement-breakpoint
ALTER TABLE "mail_jobs" RENAME CONSTRAINT "mail_jobs_user_id_fkey" TO "mail_jobs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "mail_jobs" RENAME CONSTRAINT "mail_jobs_notification_id_fkey" TO "mail_jobs_notification_id_notifications_id_fk";--> statement-breakpoint
ALTER TABLE "notification_email_opt_outs" RENAME CONSTRAINT "notification_email_opt_outs_user_id_fkey" TO "notification_email_opt_outs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "notification_reminders" RENAME CONSTRAINT "notification_reminders_response_id_fkey" TO "notification_reminders_response_id_responses_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_user_id_fkey" TO "notifications_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_organisation_id_fkey" TO "notifications_organisation_id_organisations_id_fk";
