-- Exactly-once portal actions (product rules §22). Each form submission carries a token drawn by
-- the browser; the first write of the action's transaction claims it here, so a repeat (a double
-- click, a retry after a lost response) finds the claim and gets the stored result instead of
-- doing the work twice. Results are encrypted (a created API key is in one); kept for a day.
CREATE TABLE form_submission (
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  token uuid NOT NULL,
  operation text NOT NULL,
  result bytea,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, token)
);
CREATE INDEX form_submission_created_idx ON form_submission (created_at);
