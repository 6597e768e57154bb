/**
 * THE building block for spending live credits: common table expressions that take up to N
 * credits, write the ledger line and raise `credits_low` / `credits_exhausted` when due. They run
 * inside the statement of the work they pay for, so both commit or neither does.
 *
 * How (SQL functions in prisma/migrations/20261123010000_credit_buckets): a business's balance is
 * the sum of its buckets (`credit_bucket`), and `credit_take(business, n)` returns how many
 * credits it took. One credit (verify, list, retrieve) normally takes the fast lane: a shared
 * per-business lock and one free funded bucket (`FOR UPDATE SKIP LOCKED`; a funded bucket held by
 * another charge is waited for rather than reported as empty), so concurrent charges of one
 * business do not queue on one row. Near an event (within one in-flight charge per bucket of the
 * threshold while `credits_low` is armed, or of zero) and for several credits at once (a batch
 * chunk) it takes the serial lane: the exclusive per-business lock, under which the balance read
 * is exact, so each event fires exactly once per crossing. The balance never goes below zero
 * (CHECK on every bucket) and a caller gets nothing only when the total really is 0.
 *
 * Ledger: one line per charge, `amount` = -took, so the ledger always sums to the balance.
 * `balance_after` is the balance this charge saw after its own deduction: exact in the serial
 * lane (and for grants), while in the fast lane concurrent charges of the same business may not
 * be counted yet (at most one per other bucket), so it can read up to 7 high there.
 *
 * The caller's statement reads `charge` (columns: took, balance, threshold, low, exhausted). Do
 * not charge twice in one transaction (a second charge could wait on the first one's lock).
 */
import type { Sql } from "@/server/db/sql";
import { insertEventsSql } from "@/server/events/outbox";

export function chargeCreditCtes(
  q: Sql,
  o: {
    businessId: string;
    requestId: string;
    note: string;
    at: Date;
    verificationId?: string;
    /** How many credits to take at most (a batch chunk: its row count); default 1. */
    count?: number;
    /** Extra condition for the charge to happen at all (SQL boolean expression). */
    onlyIf?: string;
  },
): string {
  const biz = q.p(o.businessId, "uuid");
  const at = q.p(o.at, "timestamptz");
  const n = q.p(o.count ?? 1, "int");
  const wanted = o.onlyIf ? `CASE WHEN ${o.onlyIf} THEN ${n} ELSE 0 END` : n;
  return `
  charge AS (SELECT * FROM credit_take(${biz}, ${wanted})),
  charge_ledger AS (
    INSERT INTO credit_ledger_entry (business_id, kind, amount, balance_after, note, verification_id, request_id, created_at)
    SELECT ${biz}, 'usage', -took, balance, ${q.p(o.note)}, ${q.p(o.verificationId ?? null, "uuid")}, ${q.p(o.requestId)}, ${at}
      FROM charge WHERE took > 0
  ),
  charge_events AS (
    ${insertEventsSql(`
      SELECT ${biz}, jsonb_build_object('id', gen_random_uuid(), 'type', t.type, 'mode', 'live',
                                        'createdAt', ${q.p(o.at.toISOString())}::text,
                                        'data', jsonb_build_object('balance', c.balance, 'threshold', c.threshold))
        FROM charge c
        CROSS JOIN LATERAL (VALUES ('credits_low', c.low), ('credits_exhausted', c.exhausted)) AS t(type, due)
       WHERE t.due`)}
  )`;
}

export const INSUFFICIENT_CREDITS_MESSAGE = "Your credit balance is exhausted. Top up in the portal.";
