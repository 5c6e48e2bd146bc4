-- Issue 63: getDocumentViewers reads a document's viewers newest first, a page at a time; this index
-- gives the page without sorting every viewer of a document that thousands have opened.
CREATE INDEX "policy_document_views_doc_viewed_idx" ON "policy_document_views" USING btree ("document_id","viewed_at" DESC NULLS LAST,"user_id");