-- #17: failed sign-ins per account, so that rotating addresses does not get around the limit.
-- A table of its own, not columns of users: a failed sign-in must not touch users, whose every
-- write tells each instance to drop its session lookups (0004_auth_notify).
CREATE TABLE "sign_in_failures" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"failures" integer NOT NULL DEFAULT 0,
	"last_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
