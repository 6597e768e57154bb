-- Email as a durable outbox (product rules §25). A message is enqueued in the same transaction as
-- its cause and sent by the workers; `dedupe_key` (cause and recipient) makes each email exist
-- once however often its cause is replayed. `params` holds only what the message shows;
-- `sealed` (AES-256-GCM) the secret part of a link (a reset or invitation token), cleared once sent.
CREATE TABLE email_message (
  id uuid PRIMARY KEY,
  dedupe_key text NOT NULL,
  kind text NOT NULL,
  to_address text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('en', 'so')),
  params jsonb NOT NULL DEFAULT '{}',
  sealed bytea,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) DEFAULT now(),
  lease_token uuid,
  leased_until timestamptz(3),
  last_error text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  sent_at timestamptz(3)
);
CREATE UNIQUE INDEX email_message_dedupe_key_key ON email_message (dedupe_key);
CREATE INDEX email_message_due_idx ON email_message (next_attempt_at) WHERE status = 'pending';
CREATE INDEX email_message_created_idx ON email_message (created_at);

-- Password reset links: single use, 30 minutes; only a keyed hash of the token is kept.
CREATE TABLE password_reset (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3)
);
CREATE UNIQUE INDEX password_reset_token_hash_key ON password_reset (token_hash);
CREATE INDEX password_reset_user_idx ON password_reset (user_id);

-- Where an invitation was emailed, when it was (the link is also shown to the inviter).
ALTER TABLE invitation ADD COLUMN email text;
