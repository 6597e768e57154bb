-- Batch rows the national registry could not answer for (a 400 or an unknown status for that ID):
-- counted apart, so that a batch's counts still add up to its processed rows.
ALTER TABLE batch ADD COLUMN registry_error integer NOT NULL DEFAULT 0;
