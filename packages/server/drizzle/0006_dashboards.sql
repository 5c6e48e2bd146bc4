-- Slot kept for the dashboards work; its tables replace this statement.
SELECT 1;
