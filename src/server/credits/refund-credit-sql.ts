/**
 * Giving credits back (product rules §5): common table expressions that return `amount` credits
 * taken by an admission whose work produced no outcome the caller received (a registry lookup
 * that failed, a batch that failed before its rows were written), with a `refund` ledger line, so
 * that the balance still equals the ledger. They run inside the statement that undoes the rest of
 * that work (the idempotency claim, the chunk's reservation), so both commit or neither does.
 *
 * The credits return through `credit_grant` (the exclusive credit lock: the ledger line's
 * balance is exact). A refund that takes the balance back over the low threshold re-arms
 * `credits_low` as any top-up does; no event is raised for it.
 */
import type { Sql } from "@/server/db/sql";

export function refundCreditCtes(
  q: Sql,
  o: {
    businessId: string;
    /** SQL integer expression: how many credits to give back (0: nothing happens). */
    amount: string;
    requestId: string;
    note: string;
    at: Date;
    /**
     * The verification the refunded usage line named. Its credit comes back once, whoever gives it:
     * nothing when a refund line for it exists (the unique index refuses one committed meanwhile).
     */
    verificationId?: string;
  },
): string {
  const biz = q.p(o.businessId, "uuid");
  const amount = o.verificationId
    ? `CASE WHEN EXISTS (SELECT 1 FROM credit_ledger_entry WHERE kind = 'refund' AND verification_id = ${q.p(o.verificationId, "uuid")}) THEN 0
            ELSE ${o.amount} END`
    : o.amount;
  return `
  refund AS (
    SELECT n, credit_grant(${biz}, n) AS balance FROM (SELECT ${amount} AS n) AS wanted WHERE n > 0
  ),
  refund_ledger AS (
    INSERT INTO credit_ledger_entry (business_id, kind, amount, balance_after, note, verification_id, request_id, created_at)
    SELECT ${biz}, 'refund', n, balance, ${q.p(o.note)}, ${q.p(o.verificationId ?? null, "uuid")}, ${q.p(o.requestId)},
           ${q.p(o.at, "timestamptz")}
      FROM refund
  )`;
}
