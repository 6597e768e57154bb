-- Two-factor sign-in (TOTP with recovery codes) and server-side portal sessions (product rules §21).

-- The TOTP secret is encrypted at rest; the last accepted time step stops a code being used twice.
-- Recovery codes are keyed hashes, removed as they are used.
ALTER TABLE app_user
  ADD COLUMN totp_secret bytea,
  ADD COLUMN totp_pending_secret bytea,
  ADD COLUMN totp_enabled_at timestamptz(3),
  ADD COLUMN totp_last_counter bigint NOT NULL DEFAULT 0,
  ADD COLUMN recovery_code_hashes text[] NOT NULL DEFAULT '{}';

-- An owner can require two-factor sign-in from every member of the business.
ALTER TABLE business ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;

-- Each sign-in is a row: the session cookie names it, so a session can be listed and ended.
CREATE TABLE user_session (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  last_seen_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  client_address text,
  user_agent text,
  revoked_at timestamptz(3)
);
CREATE INDEX user_session_user_idx ON user_session (user_id, created_at);
