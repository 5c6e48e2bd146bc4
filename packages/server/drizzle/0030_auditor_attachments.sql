-- Issue 56: the auditors attach their own files to a question of a response they may judge
-- (company-and-auditor §2.5: attach button, attachments menu). Kept apart from the contractor's
-- answer files: a change does not touch the answer's version.
ALTER TABLE "response_questions" ADD COLUMN "auditor_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
