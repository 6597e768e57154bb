/**
 * SQL common to every paid call: common table expressions that deduct one live credit, write the
 * ledger entry, and raise `credits_low` / `credits_exhausted` when this deduction crosses the
 * threshold or reaches zero. They run inside the same statement as the work they pay for, so both
 * commit or neither does; `credit_balance >= 1` plus the row lock make a negative balance
 * impossible under any concurrency.
 *
 * The caller's statement reads `charge` (columns: balance, threshold, plus `returning`).
 */
import type { Sql } from "@/server/db/sql";

export function chargeCreditCtes(
  q: Sql,
  o: {
    businessId: string;
    requestId: string;
    note: string;
    at: Date;
    verificationId?: string;
    /** Extra assignments on the business row, e.g. the verification counter. */
    alsoSet?: string;
    /** Extra columns returned by `charge`. */
    returning?: string;
    /** Extra condition for the deduction to happen at all. */
    onlyIf?: string;
  },
): string {
  const biz = q.p(o.businessId, "uuid");
  const at = q.p(o.at, "timestamptz");
  return `
  charge AS (
    UPDATE business SET credit_balance = credit_balance - 1${o.alsoSet ? `, ${o.alsoSet}` : ""}
     WHERE id = ${biz} AND credit_balance >= 1${o.onlyIf ? ` AND ${o.onlyIf}` : ""}
     RETURNING credit_balance AS balance, low_credit_threshold AS threshold${o.returning ? `, ${o.returning}` : ""}
  ),
  charge_ledger AS (
    INSERT INTO credit_ledger_entry (business_id, kind, amount, balance_after, note, verification_id, request_id, created_at)
    SELECT ${biz}, 'usage', -1, balance, ${q.p(o.note)}, ${q.p(o.verificationId ?? null, "uuid")}, ${q.p(o.requestId)}, ${at}
      FROM charge
  ),
  charge_events AS (
    INSERT INTO outbox_event (id, business_id, mode, type, payload, created_at)
    SELECT (e->>'id')::uuid, ${biz}, 'live', e->>'type', e, ${at}
      FROM (
        SELECT jsonb_build_object('id', gen_random_uuid(), 'type', t.type, 'mode', 'live',
                                  'createdAt', ${q.p(o.at.toISOString())}::text,
                                  'data', jsonb_build_object('balance', c.balance, 'threshold', c.threshold)) AS e
          FROM charge c
          CROSS JOIN LATERAL (VALUES
            ('credits_low', c.balance < c.threshold AND c.balance + 1 >= c.threshold),
            ('credits_exhausted', c.balance = 0)) AS t(type, due)
         WHERE t.due
      ) ev
  )`;
}

export const INSUFFICIENT_CREDITS_MESSAGE = "Your credit balance is exhausted. Top up in the portal.";
