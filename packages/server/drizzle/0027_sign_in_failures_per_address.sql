-- Issue 64: anyone could lock any account for 15 minutes with ten wrong passwords from any address.
-- Failures are now counted per account and client address (that pair locks), and per account from
-- every address ('*': a growing delay that never locks). What was counted so far becomes the
-- account's row.
ALTER TABLE "sign_in_failures" ADD COLUMN "address" text DEFAULT '*' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sign_in_failures" DROP CONSTRAINT "sign_in_failures_pkey";
--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_user_id_address_pk" PRIMARY KEY ("user_id", "address");
