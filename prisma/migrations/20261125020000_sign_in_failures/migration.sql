-- Failed sign-ins per account, whatever the client address (product rules §21): past a threshold
-- each further attempt on the account waits a growing delay. Keyed by a keyed hash of the email
-- asked for, whether or not it has an account, so that the delay tells nothing about who has one
-- and the table holds no address typed by a stranger.
CREATE TABLE sign_in_failure (
  account_hash text PRIMARY KEY,
  -- Weighted failures of the current episode (a wrong second-factor code weighs more).
  score integer NOT NULL,
  last_failed_at timestamptz(3) NOT NULL,
  -- Attempts before this moment are refused before the password is looked at.
  not_before timestamptz(3),
  -- When the score crossed the threshold: the owner is emailed once per episode.
  episode_started_at timestamptz(3)
);
CREATE INDEX sign_in_failure_last_idx ON sign_in_failure (last_failed_at);
