-- Batch rows whose card holder the registry records as deceased: counted like every other result,
-- so that a batch's counts add up to its processed rows.
ALTER TABLE batch ADD COLUMN deceased integer NOT NULL DEFAULT 0;
