-- A verify's credit reservation whose outcome was never written (its process died mid-lookup) is
-- found by its time and given back by the maintenance sweep (src/server/credits/refund-orphaned-reservations.ts).
CREATE INDEX "credit_ledger_entry_reservation_idx" ON "credit_ledger_entry" ("created_at")
  WHERE "kind" = 'usage' AND "verification_id" IS NOT NULL;

-- The refund of a verification's credit, found by the verification (there is at most one).
CREATE INDEX "credit_ledger_entry_refund_verification_idx" ON "credit_ledger_entry" ("verification_id")
  WHERE "kind" = 'refund';
