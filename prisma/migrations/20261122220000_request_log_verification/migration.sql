-- The portal's request log opens a request's details, with the verification it produced or read.
ALTER TABLE request_log_entry ADD COLUMN verification_id uuid;
