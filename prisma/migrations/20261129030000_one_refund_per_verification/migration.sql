-- A verification's credit comes back at most once, whoever gives it: the verify's own refund and the
-- maintenance sweep of orphaned reservations each check for the other's line, but a check cannot see
-- a line committed after its statement began, so the two meeting could both give it back. The index
-- that finds the refund now also refuses a second one. A database where that race already happened
-- stops here ("could not create unique index", naming the verification): turn each second refund line
-- into an `adjustment` (kind only: the balance and the ledger's sum stay equal), then migrate again.
DROP INDEX "credit_ledger_entry_refund_verification_idx";
CREATE UNIQUE INDEX "credit_ledger_entry_refund_verification_idx" ON "credit_ledger_entry" ("verification_id")
  WHERE "kind" = 'refund';
