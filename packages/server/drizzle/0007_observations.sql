-- Slot kept for the observations work; its tables replace this statement.
SELECT 1;
