-- One sign-in attempt per account at a time, fleet-wide: until when the attempt being checked holds it
-- (src/server/accounts/account-throttle.ts, beginAttempt).
ALTER TABLE sign_in_failure ADD COLUMN checking_until TIMESTAMPTZ(3);
