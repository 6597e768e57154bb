-- A public sign-up is usable once its email address is confirmed (product rules §21). Accounts
-- that exist already, and those made by the CLI or an invitation, count as confirmed: the
-- default confirms at creation, and only the public sign-up leaves it empty.
ALTER TABLE app_user ADD COLUMN email_confirmed_at timestamptz(3) DEFAULT now();
UPDATE app_user SET email_confirmed_at = created_at;

-- The emailed single-use links share one mechanism (keyed hash of the token, expiry, used once):
-- a password reset, or the confirmation of a new account's email address.
ALTER TABLE password_reset ADD COLUMN purpose text NOT NULL DEFAULT 'password_reset'
  CHECK (purpose IN ('password_reset', 'email_confirmation'));
