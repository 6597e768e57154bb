/**
 * Outbox → deliveries. One statement claims a batch of undispatched events (SKIP LOCKED, so
 * several workers share the work), creates one pending delivery per endpoint of the event's
 * business and mode that takes the event's type, and marks the events dispatched. A disabled endpoint gets its deliveries too:
 * they wait, unattempted, until it is enabled again, so no event is lost while it is off. It commits as a whole or not at
 * all, so a crash at any moment leaves every event either undispatched or fully dispatched.
 * Live `credits_low` / `credits_exhausted` events also enqueue an email to each owner of the
 * business, in the same statement: once per event and owner (the dedupe key), however many
 * workers run or restart.
 */
import { pool } from "@/server/db/client";

const BATCH = 100;

const DISPATCH_SQL = `
WITH claimed AS (
  SELECT id, business_id, mode, type, payload FROM outbox_event
  WHERE dispatched_at IS NULL
  ORDER BY created_at
  LIMIT $1
  FOR UPDATE SKIP LOCKED
), created AS (
  INSERT INTO webhook_delivery (id, endpoint_id, event_id, event_type, next_attempt_at)
  SELECT gen_random_uuid(), e.id, c.id, c.type, now()
  FROM claimed c JOIN webhook_endpoint e ON e.business_id = c.business_id AND e.mode = c.mode
   AND (cardinality(e.event_types) = 0 OR c.type = ANY (e.event_types))
  ON CONFLICT (endpoint_id, event_id) DO NOTHING
), credit_emails AS (
  INSERT INTO email_message (id, dedupe_key, kind, to_address, locale, params)
  SELECT gen_random_uuid(), c.type || ':' || c.id || ':' || u.id, c.type, u.email, u.locale,
         jsonb_build_object('businessName', b.name, 'balance', c.payload->'data'->'balance', 'threshold', c.payload->'data'->'threshold')
  FROM claimed c JOIN business b ON b.id = c.business_id
  JOIN membership m ON m.business_id = c.business_id AND m.role = 'owner'
  JOIN app_user u ON u.id = m.user_id
  WHERE c.mode = 'live' AND c.type IN ('credits_low', 'credits_exhausted')
  ON CONFLICT (dedupe_key) DO NOTHING
)
UPDATE outbox_event SET dispatched_at = now() WHERE id IN (SELECT id FROM claimed)`;

/** Dispatches one batch; returns how many events it took (a full batch means: call again). */
export async function dispatchOutbox(): Promise<{ events: number; more: boolean }> {
  const { rowCount } = await pool().query(DISPATCH_SQL, [BATCH]);
  const events = rowCount ?? 0;
  return { events, more: events === BATCH };
}
