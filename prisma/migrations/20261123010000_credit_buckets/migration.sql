-- Live credits in buckets: a business's balance is the sum of CREDIT_SLOTS bucket rows, so
-- concurrent charges of one business take different rows (FOR UPDATE SKIP LOCKED) instead of
-- queueing on the business row. `credit_take` (below) is the only way credits leave a bucket.

CREATE TABLE "credit_bucket" (
    "business_id" UUID NOT NULL,
    "slot" SMALLINT NOT NULL,
    "balance" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "credit_bucket_pkey" PRIMARY KEY ("business_id", "slot"),
    CONSTRAINT "credit_bucket_balance_nonnegative" CHECK ("balance" >= 0)
);
ALTER TABLE "credit_bucket" ADD CONSTRAINT "credit_bucket_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION credit_slots() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 8';

-- The business's credit lock: shared by fast-lane charges, exclusive for the serial lane, grants
-- and threshold changes. Per business, so businesses never wait for each other.
CREATE FUNCTION credit_lock_key(p_business uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('hubi.credits:' || p_business::text, 0)
$$;

-- Existing balances move into the buckets, spread evenly.
INSERT INTO "credit_bucket" ("business_id", "slot", "balance")
SELECT b.id, s.slot, b.credit_balance / credit_slots() + CASE WHEN s.slot < b.credit_balance % credit_slots() THEN 1 ELSE 0 END
  FROM "business" b CROSS JOIN generate_series(0, credit_slots() - 1) AS s(slot)
 WHERE b.credit_balance > 0;
ALTER TABLE "business" DROP CONSTRAINT "business_credit_balance_nonnegative";
ALTER TABLE "business" DROP COLUMN "credit_balance";

-- Takes up to `p_n` credits from the business's buckets and returns how many it took. Never
-- negative (CHECK), and 0 only when the total really is 0: a bucket that is funded but locked
-- by another charge is waited for, not skipped for good. Only called under the credit lock.
CREATE FUNCTION credit_take_from_buckets(p_business uuid, p_n integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  need integer := p_n;
  offset_slot integer := floor(random() * credit_slots())::integer;
  pick_slot smallint;
  pick_balance integer;
BEGIN
  WHILE need > 0 LOOP
    -- A free funded bucket, starting at a random slot so that concurrent charges spread out...
    SELECT slot, balance INTO pick_slot, pick_balance FROM "credit_bucket"
     WHERE business_id = p_business AND balance > 0
     ORDER BY (slot + offset_slot) % credit_slots() LIMIT 1 FOR UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
      -- ...or else wait for a funded one that another charge holds (it may be drained meanwhile:
      -- the row is re-checked after the wait, and the next funded one tried).
      SELECT slot, balance INTO pick_slot, pick_balance FROM "credit_bucket"
       WHERE business_id = p_business AND balance > 0 ORDER BY slot LIMIT 1 FOR UPDATE;
      EXIT WHEN NOT FOUND;
    END IF;
    UPDATE "credit_bucket" SET balance = balance - least(pick_balance, need)
     WHERE business_id = p_business AND slot = pick_slot;
    need := need - least(pick_balance, need);
  END LOOP;
  RETURN p_n - need;
END
$$;

-- THE way to spend credits (see src/server/services/credits/charge-credit-sql.ts): takes up to
-- `p_n` credits and returns how many it took, the balance after, and which credit events are due:
-- `credits_low` when this charge took the balance from at or above the threshold to below it,
-- `credits_exhausted` when it took the balance to zero.
--
-- Fast lane (one credit): a shared credit lock and one bucket. The sum it reads afterwards counts
-- every committed charge but not those still in flight on the other buckets (at most one each,
-- as each holds its bucket until it commits). It may only finish when, even with all of those,
-- no event can be due: the balance stays above zero, and either it was already below the
-- threshold or it stays at or above it. Otherwise its work is rolled back (a subtransaction, which
-- also releases its locks) and it takes the serial lane.
-- Serial lane (near the threshold, at the last credits, and for several credits at once): the
-- exclusive credit lock, so no other charge is in flight, the sum is exact and each event fires
-- exactly once per crossing.
CREATE FUNCTION credit_take(p_business uuid, p_n integer)
RETURNS TABLE (took integer, balance integer, threshold integer, low boolean, exhausted boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lock_key constant bigint := credit_lock_key(p_business);
  in_flight constant integer := credit_slots() - 1;
BEGIN
  took := 0;
  low := false;
  exhausted := false;
  SELECT low_credit_threshold INTO threshold FROM "business" WHERE id = p_business;
  IF p_n <= 0 OR threshold IS NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_n = 1 THEN
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(lock_key);
      took := credit_take_from_buckets(p_business, 1);
      balance := credit_balance(p_business);
      IF took = 1 AND (balance - in_flight < 1 OR (balance + 1 >= threshold AND balance - in_flight < threshold)) THEN
        RAISE EXCEPTION USING ERRCODE = 'HB001', MESSAGE = 'near a credit event: serial lane';
      END IF;
      RETURN NEXT;
      RETURN;
    EXCEPTION WHEN SQLSTATE 'HB001' THEN
      took := 0;
    END;
  END IF;
  PERFORM pg_advisory_xact_lock(lock_key);
  took := credit_take_from_buckets(p_business, p_n);
  balance := credit_balance(p_business);
  low := took > 0 AND balance < threshold AND balance + took >= threshold;
  exhausted := took > 0 AND balance = 0;
  RETURN NEXT;
END
$$;

-- Adds credits, spread over the buckets; returns the balance after.
CREATE FUNCTION credit_grant(p_business uuid, p_amount integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- Exclusive, so that the balance it returns (the ledger line's) is exact.
  PERFORM pg_advisory_xact_lock(credit_lock_key(p_business));
  INSERT INTO "credit_bucket" ("business_id", "slot", "balance")
  SELECT p_business, s.slot, p_amount / credit_slots() + CASE WHEN s.slot < p_amount % credit_slots() THEN 1 ELSE 0 END
    FROM generate_series(0, credit_slots() - 1) AS s(slot)
  ON CONFLICT ("business_id", "slot") DO UPDATE SET balance = "credit_bucket".balance + EXCLUDED.balance;
  RETURN credit_balance(p_business);
END
$$;

-- The balance: what every screen and API shows.
CREATE FUNCTION credit_balance(p_business uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(balance), 0)::integer FROM "credit_bucket" WHERE business_id = p_business
$$;
