-- Consent is optional by default (product rules §19): a request shaped as the interface
-- specification shows must work for every new business.
ALTER TABLE business ALTER COLUMN require_live_consent SET DEFAULT false;

-- Businesses whose owner never chose (no audit entry of a change: the record of a choice) and that
-- require consent only because it was the default then, follow the new default now. Each one is
-- queued here for its owners' email and its audit entry, sent once by the app's maintenance loop
-- (a migration sends no email); the queue row is deleted in the transaction that sends them.
-- Written to be re-runnable: test/api/consent-default.test.ts runs it on businesses of each kind.
CREATE TABLE IF NOT EXISTS consent_default_notice (
  business_id uuid PRIMARY KEY REFERENCES business (id) ON DELETE CASCADE,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
INSERT INTO consent_default_notice (business_id)
SELECT b.id FROM business b
 WHERE b.require_live_consent
   AND NOT EXISTS (SELECT 1 FROM audit_log_entry a WHERE a.business_id = b.id AND a.action = 'business.consent_requirement_changed')
ON CONFLICT (business_id) DO NOTHING;
UPDATE business SET require_live_consent = false WHERE id IN (SELECT business_id FROM consent_default_notice);
