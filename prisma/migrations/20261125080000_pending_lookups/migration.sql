-- A slow national registry (product rules §26): a verification can answer `pending` (202) and
-- complete later, or end `unavailable` (its credit refunded) when the registry never answers.
ALTER TYPE "VerificationResult" ADD VALUE 'pending';
ALTER TYPE "VerificationResult" ADD VALUE 'unavailable';

-- The business setting that gives every verify the 2-second promise, as `Prefer: respond-async` does;
-- authentication reads it with the other rules requests follow (20261125090000_api_authenticate_current).
ALTER TABLE "business" ADD COLUMN "answer_pending_with_202" BOOLEAN NOT NULL DEFAULT false;

-- Lookups that go on after their request was answered, claimed by workers like batch chunks
-- (FOR UPDATE SKIP LOCKED and a lease), so that a restart loses none.
CREATE TABLE "pending_lookup" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "recorded" BOOLEAN NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'waiting',
    "request" BYTEA,
    "outcome" BYTEA,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "give_up_at" TIMESTAMPTZ(3) NOT NULL,
    "lease_id" UUID,
    "leased_until" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pending_lookup_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "pending_lookup_next_attempt_at_idx" ON "pending_lookup"("next_attempt_at");
CREATE INDEX "pending_lookup_completed_at_idx" ON "pending_lookup"("completed_at");
ALTER TABLE "pending_lookup" ADD CONSTRAINT "pending_lookup_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
