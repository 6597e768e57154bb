/**
 * What redacting a verification means, in one place (product rules §19): the row keeps its id,
 * reference, result, channel, match results and dates; the purpose, the national ID's hash and
 * last four digits, and the consent reference are cleared. The same statement reaches every copy
 * elsewhere: the idempotency record (encrypted response and request hash), the request-log entries
 * of the request that made it, of its replays and of the requests refused under its key (their
 * Idempotency-Key; entries still buffered are masked as they are written, request-log.ts), the
 * verification_completed event's payload (so a resend carries the redacted record) and the
 * receivers' response excerpts to it, and the answer kept for a completed pending verification
 * (product rules §26). A pending verification's event is raised when it completes, within the
 * lookup's give-up time (at most an hour) of its creation: the events are looked for in that window.
 */
import type { Sql } from "@/server/db/sql";
import { IDEMPOTENCY_WINDOW_HOURS } from "./idempotency";

/** Past PENDING_LOOKUP_GIVE_UP_SECONDS' maximum (an hour) and a last attempt's lease. */
const EVENT_WINDOW = "2 hours";
/**
 * Requests under a verification's Idempotency-Key come within its window (24 h) of the key's first
 * use: refusals and 503s before the verification, replays after. A key reused later is another's.
 */
const KEY_WINDOW = `${IDEMPOTENCY_WINDOW_HOURS + 1} hours`;
/** Request-log entries `r` of a `redacted` verification's own request and of its replays. */
const ITS_OWN_ENTRIES = "r.business_id = redacted.business_id AND (r.request_id = redacted.request_id OR r.verification_id = redacted.id)";

/**
 * CTEs that redact the verifications `due` selects (a CTE text yielding `id`, already locked) and
 * expose `redacted (id, business_id, mode, reference, request_id, created_at, redacted_at)`.
 */
export function redactionCtes(q: Sql, due: string, at: Date): string {
  const ts = q.p(at, "timestamptz");
  const iso = q.p(at.toISOString(), "text");
  return `due AS (${due}),
  redacted AS (
    UPDATE verification v
       SET purpose = NULL, national_id_hash = NULL, national_id_last4 = NULL, redacted_at = ${ts},
           consent = CASE WHEN v.consent IS NULL THEN NULL ELSE jsonb_set(v.consent, '{reference}', 'null') END
      FROM due WHERE v.id = due.id
    RETURNING v.id, v.business_id, v.mode, v.reference, v.request_id, v.created_at, v.redacted_at
  ),
  redacted_idempotency AS (
    UPDATE idempotency_record
       SET state = 'redacted', response = NULL, response_status = NULL, request_hash = 'redacted'
     WHERE verification_id IN (SELECT id FROM redacted)
  ),
  redacted_request_log AS (
    UPDATE request_log_entry r SET idempotency_key = NULL, idempotency_record_key = NULL
      FROM redacted
     WHERE ${ITS_OWN_ENTRIES} AND r.idempotency_key IS NOT NULL
  ),
  redacted_keys AS (
    SELECT r.mode, r.idempotency_record_key AS key, redacted.business_id, redacted.id, redacted.request_id, redacted.created_at
      FROM redacted
      JOIN request_log_entry r ON ${ITS_OWN_ENTRIES} AND r.idempotency_record_key IS NOT NULL
    UNION
    SELECT k.mode, k.key, redacted.business_id, redacted.id, redacted.request_id, redacted.created_at
      FROM redacted JOIN idempotency_record k ON k.verification_id = redacted.id
  ),
  redacted_request_log_by_key AS (
    UPDATE request_log_entry r SET idempotency_key = NULL, idempotency_record_key = NULL
      FROM redacted_keys k
     WHERE r.business_id = k.business_id AND r.mode = k.mode AND r.idempotency_record_key = k.key
       AND r.created_at BETWEEN k.created_at - interval '${KEY_WINDOW}' AND k.created_at + interval '${KEY_WINDOW}'
       -- Those above: a row is updated once per statement.
       AND r.request_id <> k.request_id AND r.verification_id IS DISTINCT FROM k.id
  ),
  redacted_events AS (
    UPDATE outbox_event e
       SET payload = jsonb_set(
             jsonb_set(jsonb_set(e.payload, '{data,purpose}', 'null'), '{data,redactedAt}', to_jsonb(${iso})),
             '{data,consent}',
             CASE WHEN e.payload #> '{data,consent}' = 'null'::jsonb OR e.payload #> '{data,consent}' IS NULL THEN 'null'::jsonb
                  ELSE jsonb_set(e.payload #> '{data,consent}', '{reference}', 'null') END)
      FROM redacted
     WHERE e.business_id = redacted.business_id
       AND e.created_at BETWEEN redacted.created_at AND redacted.created_at + interval '${EVENT_WINDOW}'
       AND e.type = 'verification_completed' AND e.payload #>> '{data,id}' = redacted.id::text
    RETURNING e.id
  ),
  redacted_pending AS (
    -- Whatever its state: a completion that committed while this waited for the verification's
    -- row is then cleared too (an UPDATE reads the row's newest version; a filter on the state would not).
    UPDATE pending_lookup p SET outcome = NULL FROM redacted WHERE p.id = redacted.id
  ),
  redacted_attempts AS (
    UPDATE webhook_attempt a SET response_excerpt = NULL
      FROM webhook_delivery d
     WHERE a.delivery_id = d.id AND d.event_id IN (SELECT id FROM redacted_events)
  )`;
}
