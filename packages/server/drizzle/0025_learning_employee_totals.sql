-- #21: the Employee Learning table summed each employee of its page from learning_progress (40 rows
-- an employee in the bench: 1 200 index entries for a page of 30, the table's slowest read). Each
-- employee's sums are kept in a row of their own, written in the transaction of each recordProgress
-- (learning.repository.ts addEmployeeTotals).
CREATE TABLE "learning_employee_totals" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- No progress changes while the sums are counted from it.
LOCK TABLE "learning_progress" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "learning_employee_totals" ("user_id", "seconds", "completed")
SELECT "user_id", sum("seconds"), count(*) FILTER (WHERE "completed") FROM "learning_progress" GROUP BY 1;
--> statement-breakpoint
-- Nothing reads an employee's progress rows by user any more but the cascade of a user's deletion:
-- an index on user_id alone, which an update of seconds or completion leaves as it is (a HOT update).
DROP INDEX "learning_progress_user_idx";
--> statement-breakpoint
CREATE INDEX "learning_progress_user_id_idx" ON "learning_progress" USING btree ("user_id");
