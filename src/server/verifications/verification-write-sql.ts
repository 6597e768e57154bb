/**
 * THE verification write (product rules §5, §27), in the SQL its callers (single verifies from
 * the API and the portal, batch chunks) build their statements from. Three steps, so that no
 * transaction or pooled connection is held while the registry is asked:
 *
 * 1. Admission (`admitCtes`): the credits reserved (live; the credit ledger's `usage` line and
 *    any `credits_low` / `credits_exhausted` event with them), in the statement or transaction
 *    that also claims the request (its Idempotency-Key, a chunk's lease).
 * 2. The lookup, with nothing open.
 * 3. The outcome (`recordVerificationsCtes`): the verifications recorded, with their history
 *    counter, audit entries and events; or, when no outcome reached the caller, the reservation
 *    given back as a `refund` ledger line (credits/refund-credit-sql.ts). A verification answered
 *    `pending` is recorded with that result and takes its final one later
 *    (`completeVerificationCtes`), when its lookup resolves in the background.
 *
 * Each step is set-based: a single verify admits and records one row, a batch chunk all of its
 * rows, in one statement each.
 */
import type { ConsentRecord, MatchResult, Verification, VerificationResult } from "@/contracts/verifications";
import type { EventPayload } from "@/contracts/events";
import type { Mode } from "@/generated/prisma/enums";
import type { Sql } from "@/server/db/sql";
import { hashNationalId } from "@/server/crypto/secrets";
import { insertEventsSql } from "@/server/events/outbox";
import { chargeCreditCtes } from "@/server/credits/charge-credit-sql";
import { refundCreditCtes } from "@/server/credits/refund-credit-sql";

/**
 * Admission: `admitted` (column `took`) says how many of `count` rows may be looked up: in live
 * mode the credits it took (fewer, down to 0, when the balance runs out), in the sandbox all.
 * `onlyIf` (SQL boolean) makes it admit nothing unless it holds (a claim that was not this
 * request's).
 */
export function admitCtes(
  q: Sql,
  o: { businessId: string; mode: Mode; count: number; requestId: string; note: string; at: Date; verificationId?: string; onlyIf?: string },
): string {
  if (o.mode === "live") return `${chargeCreditCtes(q, o)},
  admitted AS (SELECT took FROM charge)`;
  const n = q.p(o.count, "int");
  return `
  admitted AS (SELECT ${o.onlyIf ? `CASE WHEN ${o.onlyIf} THEN ${n} ELSE 0 END` : n} AS took)`;
}

export type NewVerification = {
  id: string;
  reference: string;
  result: VerificationResult;
  purpose: string | null;
  match: MatchResult | null;
  consent: ConsentRecord | null;
  /** Why the lookup is lawful, as the business said (product rules §19). */
  lawfulBasis: string | null;
  nationalId: string;
};

export type RecordContext = {
  businessId: string;
  mode: Mode;
  channel: Verification["channel"];
  at: Date;
  requestId: string;
  apiKeyId: string | null;
  userId: string | null;
  /** Who the audit entries name. */
  actor: { actorType: string; actorId: string | null };
  /** More audit metadata (a batch row names its batch). */
  auditExtra?: Record<string, string>;
  /** One `verification_completed` per row, in row order; batch rows raise none (product rules §18). */
  events?: EventPayload<"verification_completed">[];
  /** A condition the whole write depends on (SQL boolean): a batch chunk's lease, a verify's Idempotency-Key claim, still held. */
  when?: string;
};

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

/**
 * The outcome: the rows recorded, the history counter advanced by their count (`seq` stays
 * gapless: only the statement that writes the rows takes it), their audit entries (live) and
 * events. The caller's statement reads `inserted` (id, reference, result) and adds its own parts
 * (the idempotency record, a chunk's results). Locks the business row (the counter) and the
 * business's audit chain head from their update to the commit.
 */
export function recordVerificationsCtes(q: Sql, rows: NewVerification[], o: RecordContext): string {
  const biz = q.p(o.businessId, "uuid");
  const mode = q.p(o.mode, '"Mode"');
  const ts = q.p(o.at, "timestamptz");
  const n = q.p(rows.length, "int");
  const counter = o.mode === "live" ? "live_verification_count" : "test_verification_count";
  const live = o.mode === "live";
  const audit = live ? `,${auditCte(q, o, "verification.performed", "inserted")}` : "";
  const events = o.events ? `,${eventsCte(q, o.businessId, o.events, "inserted")}` : "";
  return `
  counter AS (
    UPDATE business SET ${counter} = ${counter} + ${n}
     WHERE id = ${biz}${o.when ? ` AND ${o.when}` : ""}
    RETURNING ${counter} - ${n} AS seq_before
  ),
  inserted AS (
    INSERT INTO verification (id, business_id, mode, seq, reference, result, purpose, channel, match, consent, lawful_basis,
                              national_id_hash, national_id_last4, credits_used, api_key_id, user_id, request_id, created_at)
    SELECT t.id, ${biz}, ${mode}, c.seq_before + t.ord, t.reference, t.result::"VerificationResult", t.purpose,
           ${q.p(o.channel, '"Channel"')}, t.match, t.consent, t.lawful_basis, t.hash, t.last4, ${q.p(live ? 1 : 0, "int")},
           ${q.p(o.apiKeyId, "uuid")}, ${q.p(o.userId, "uuid")}, ${q.p(o.requestId)}, ${ts}
      FROM counter c
     CROSS JOIN unnest(${q.p(rows.map((r) => r.id), "uuid[]")}, ${q.p(rows.map((r) => r.reference), "text[]")},
                       ${q.p(rows.map((r) => r.result), "text[]")}, ${q.p(rows.map((r) => r.purpose), "text[]")},
                       ${q.p(rows.map((r) => json(r.match)), "jsonb[]")}, ${q.p(rows.map((r) => json(r.consent)), "jsonb[]")},
                       ${q.p(rows.map((r) => r.lawfulBasis), "text[]")},
                       ${q.p(rows.map((r) => hashNationalId(r.nationalId)), "text[]")}, ${q.p(rows.map((r) => r.nationalId.slice(-4)), "text[]")})
           WITH ORDINALITY AS t(id, reference, result, purpose, match, consent, lawful_basis, hash, last4, ord)
    RETURNING id, reference, result
  )${audit}${events}`;
}

/** Audit entries (live) naming the verifications that the statement's `source` returns (id, reference, result). */
function auditCte(q: Sql, o: Pick<RecordContext, "businessId" | "mode" | "actor" | "channel" | "auditExtra" | "requestId">, action: string, source: string): string {
  return `
  audit AS (
    INSERT INTO audit_log_entry (business_id, mode, actor_type, actor_id, action, target_type, target_id, metadata, request_id)
    SELECT ${q.p(o.businessId, "uuid")}, ${q.p(o.mode, '"Mode"')}, ${q.p(o.actor.actorType)}, ${q.p(o.actor.actorId)}, ${q.p(action)}, 'verification', i.id::text,
           jsonb_build_object('reference', i.reference, 'result', i.result, 'channel', ${q.p(o.channel)}::text)
             || ${q.p(JSON.stringify(o.auditExtra ?? {}), "jsonb")},
           ${q.p(o.requestId)}
      FROM ${source} i
  )`;
}

/** The events, raised only when the statement's `source` wrote something. */
function eventsCte(q: Sql, businessId: string, events: EventPayload<"verification_completed">[], source: string): string {
  return `
  events AS (
    ${insertEventsSql(`SELECT ${q.p(businessId, "uuid")}, e FROM unnest(${q.p(events.map(json), "jsonb[]")}) AS e WHERE EXISTS (SELECT 1 FROM ${source})`)}
  )`;
}

export type Completion = {
  id: string;
  result: VerificationResult;
  match: MatchResult | null;
  /** Who the audit entry names, the request that started it, and its `verification_completed` event. */
  context: Pick<RecordContext, "businessId" | "mode" | "actor" | "channel" | "requestId" | "at"> & { event: EventPayload<"verification_completed"> };
  /** A condition the whole write depends on (SQL boolean): the pending lookup's lease still held. */
  when: string;
};

/**
 * A `pending` verification takes its final result (product rules §26), once: its audit entry
 * (`verification.completed`, live) and its `verification_completed` event; `unavailable` gives its
 * credit back (a `refund` ledger line) and costs nothing. `completed` returns the row when it did.
 */
export function completeVerificationCtes(q: Sql, c: Completion): string {
  const o = c.context;
  const unavailable = c.result === "unavailable";
  const live = o.mode === "live";
  const refund =
    live && unavailable
      ? `,${refundCreditCtes(q, {
          businessId: o.businessId,
          // Nothing if the credit already came back (refundCreditCtes): the maintenance sweep refunds
          // a reservation whose verify stalled for minutes before it recorded this pending verification.
          amount: "(SELECT count(*)::int FROM completed)",
          requestId: o.requestId,
          note: "Verification refunded: the registry never answered",
          at: o.at,
          verificationId: c.id,
        })}`
      : "";
  return `
  completed AS (
    UPDATE verification SET result = ${q.p(c.result)}::"VerificationResult", match = ${q.p(json(c.match), "jsonb")}${unavailable ? ", credits_used = 0" : ""}
     WHERE id = ${q.p(c.id, "uuid")} AND business_id = ${q.p(o.businessId, "uuid")} AND result = 'pending' AND ${c.when}
    RETURNING id, reference, result
  )${live ? `,${auditCte(q, o, "verification.completed", "completed")}` : ""},${eventsCte(q, o.businessId, [o.event], "completed")}${refund}`;
}
