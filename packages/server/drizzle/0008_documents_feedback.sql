-- Slot kept for the documents_feedback work; its tables replace this statement.
SELECT 1;
