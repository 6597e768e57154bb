/**
 * One delivery attempt, in three steps, none of which holds a database connection while the
 * receiver is called:
 *  1. claim: one statement leases the most overdue delivery (a token and an expiry, also its next
 *     attempt time), skipping endpoints that already have their quota of deliveries in flight across
 *     all workers, so one slow receiver cannot take every worker slot;
 *  2. call the receiver (at most the 10 s delivery timeout);
 *  3. record the attempt in one transaction, as long as the lease is still ours.
 * A worker that dies mid-request leaves its lease to expire; the delivery is then due again
 * (at-least-once; receivers deduplicate on `webhook-id`).
 */
import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { describeError, log } from "@/server/observability/logger";
import { observeJob } from "@/server/observability/observe";
import { DISABLE_AFTER_FAILING_MS, nextRetryDelayMs } from "./retry-policy";
import { sendRequest, type SendResult } from "./send-request";
import { openSecret } from "./signing";
import { eventBody, signatureHeaders } from "./standard-webhooks";
import { auditableUrl } from "./auditable-url";
import { MEMBERS_EMAIL_SQL } from "@/server/mail/enqueue";
import type { EmailParams } from "@/server/mail/kinds";

type ClaimedDelivery = {
  leaseToken: string;
  id: string;
  event_id: string;
  attempt_count: number;
  endpoint_id: string;
  url: string;
  secret: Buffer;
  previous_secret: Buffer | null;
  previous_secret_expires_at: Date | null;
  payload: { id: string; type: string; mode: string; createdAt: string; data: unknown };
};

/**
 * $1 lease token, $2 lease seconds, $3 the endpoint's quota in flight, $4 one delivery id or null.
 * The lease is taken by `webhook_claim` (its migration says why one plain statement could overshoot the quota).
 */
const CLAIM_SQL = `
SELECT l.id, l.event_id, l.attempt_count, e.id AS endpoint_id, e.url, e.secret, e.previous_secret,
       e.previous_secret_expires_at, o.payload
  FROM webhook_claim($1::uuid, $2::int, $3::int, $4::uuid) l
  JOIN webhook_endpoint e ON e.id = l.endpoint_id
  JOIN outbox_event o ON o.id = l.event_id`;

const RELEASED = "lease_token = NULL, leased_until = NULL";
const POSTPONE_SQL = `UPDATE webhook_delivery SET next_attempt_at = now() + interval '1 minute', ${RELEASED} WHERE id = $1 AND lease_token = $2`;

/** Receivers that may say how long to wait. */
const HONOURS_RETRY_AFTER = new Set([429, 503]);

function signingSecrets(d: ClaimedDelivery, now: Date): string[] {
  const secrets = [openSecret(d.secret)];
  if (d.previous_secret && d.previous_secret_expires_at && d.previous_secret_expires_at > now) {
    secrets.push(openSecret(d.previous_secret));
  }
  return secrets;
}

/** What became of an attempt: `retrying` failed with another attempt scheduled, `lease_lost` ran past its lease. */
type DeliveryOutcome = "succeeded" | "retrying" | "failed" | "lease_lost" | "not_recorded";

async function recordAttempt(client: PoolClient, d: ClaimedDelivery, at: Date, r: SendResult): Promise<DeliveryOutcome> {
  await client.query(
    `INSERT INTO webhook_attempt (delivery_id, attempted_at, status_code, latency_ms, response_excerpt, error)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [d.id, at, r.statusCode, r.latencyMs, r.responseExcerpt, r.error],
  );
  const attempts = d.attempt_count + 1;
  const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
  if (ok) {
    const settled = await client.query(
      `UPDATE webhook_delivery SET status = 'succeeded', attempt_count = $2, next_attempt_at = NULL, completed_at = $3, ${RELEASED}
        WHERE id = $1 AND lease_token = $4`,
      [d.id, attempts, at, d.leaseToken],
    );
    if (settled.rowCount === 0) return "lease_lost"; // the lease ran out and another worker has the delivery
    // At most one write a minute to a busy endpoint's row, unless it was failing.
    await client.query(
      `UPDATE webhook_endpoint SET last_success_at = $2, failing_since = NULL
       WHERE id = $1 AND (failing_since IS NOT NULL OR last_success_at IS NULL OR last_success_at < $2::timestamptz - interval '1 minute')`,
      [d.endpoint_id, at],
    );
    return "succeeded";
  }
  // 3xx lands here too: redirects are never followed, so they are failures.
  const gone = r.statusCode === 410;
  // A 410 disables the endpoint (below); the delivery it answered stays pending and due, so that it
  // goes out again, first, with the events raised meanwhile, once the endpoint is re-enabled.
  const delay = gone ? 0 : nextRetryDelayMs(attempts, r.statusCode !== null && HONOURS_RETRY_AFTER.has(r.statusCode) ? r.retryAfterSeconds : null);
  const rescheduled = await client.query(
    `UPDATE webhook_delivery SET status = $2::"DeliveryStatus", attempt_count = $3, next_attempt_at = $4, completed_at = $5, ${RELEASED}
      WHERE id = $1 AND lease_token = $6`,
    [d.id, delay === null ? "failed" : "pending", attempts, delay === null ? null : new Date(at.getTime() + delay), delay === null ? at : null, d.leaseToken],
  );
  if (rescheduled.rowCount === 0) return "lease_lost";
  // Judged on the endpoint as it is now, not as claimed: a delivery that succeeded meanwhile ended its failing.
  const reason = `(CASE WHEN $3::text IS NOT NULL THEN $3::text WHEN failing_since <= $2::timestamptz - make_interval(secs => $5::int) THEN $4::text END)`;
  const { rows } = await client.query<{ just_disabled: boolean }>(
    `UPDATE webhook_endpoint SET failing_since = COALESCE(failing_since, $2),
       enabled = enabled AND ${reason} IS NULL,
       disabled_reason = CASE WHEN enabled AND ${reason} IS NOT NULL THEN ${reason} ELSE disabled_reason END,
       disabled_at = CASE WHEN enabled AND ${reason} IS NOT NULL THEN $2 ELSE disabled_at END
     WHERE id = $1
     RETURNING NOT enabled AND disabled_at = $2 AS just_disabled`,
    [d.endpoint_id, at, gone ? "The endpoint answered 410 Gone" : null, "No successful delivery for 5 days", DISABLE_AFTER_FAILING_MS / 1000],
  );
  if (rows[0]?.just_disabled) await emailEndpointDisabled(client, d, at, gone ? "gone" : "failing");
  return delay === null ? "failed" : "retrying";
}

/** Owners and developers learn by email that their endpoint was turned off, once per disabling. */
async function emailEndpointDisabled(client: PoolClient, d: ClaimedDelivery, at: Date, reason: "gone" | "failing"): Promise<void> {
  const [endpoint] = (
    await client.query<{ business_id: string; mode: "test" | "live"; name: string }>(
      "SELECT e.business_id, e.mode, b.name FROM webhook_endpoint e JOIN business b ON b.id = e.business_id WHERE e.id = $1",
      [d.endpoint_id],
    )
  ).rows;
  if (!endpoint) return;
  const params: EmailParams["webhook_disabled"] = { businessName: endpoint.name, mode: endpoint.mode, url: auditableUrl(d.url), reason };
  await client.query(MEMBERS_EMAIL_SQL, [
    endpoint.business_id,
    ["owner", "developer"],
    "webhook_disabled",
    `webhook_disabled:${d.endpoint_id}:${at.toISOString()}`,
    JSON.stringify(params),
  ]);
}

async function attempt(delivery: ClaimedDelivery, at: Date): Promise<SendResult> {
  try {
    const body = eventBody(delivery.payload);
    const headers = {
      ...signatureHeaders(delivery.event_id, at, body, signingSecrets(delivery, at)),
      "user-agent": "Hubi-Webhooks/1.0",
    };
    return await sendRequest(delivery.url, headers, body, { allowInsecure: env().WEBHOOK_ALLOW_INSECURE });
  } catch (err) {
    // Recorded as a failed attempt (and retried on schedule) so that one delivery that cannot be
    // prepared, say a secret that no longer decrypts, does not come back on every poll.
    log("error", "webhook delivery could not be prepared", { deliveryId: delivery.id, ...describeError(err) });
    return { statusCode: null, latencyMs: 0, responseExcerpt: null, error: "Internal error preparing the delivery", retryAfterSeconds: null };
  }
}

/**
 * The request went out: its attempt, the delivery's new state and the endpoint's health commit
 * together. If that fails (a bug, a constraint), the delivery is postponed a minute instead of
 * being resent on every poll while the cause lasts.
 */
async function record(delivery: ClaimedDelivery, at: Date, result: SendResult): Promise<DeliveryOutcome> {
  const client = await pool().connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const outcome = await recordAttempt(client, delivery, at, result);
    await client.query("COMMIT");
    return outcome;
  } catch (err) {
    broken = err as Error;
    await client.query("ROLLBACK").catch(() => {});
    log("error", "webhook attempt could not be recorded", { deliveryId: delivery.id, ...describeError(err) });
    await pool().query(POSTPONE_SQL, [delivery.id, delivery.leaseToken]);
    return "not_recorded";
  } finally {
    // A connection in an unknown state is discarded rather than returned to the pool.
    client.release(broken);
  }
}

/**
 * Attempts the most overdue pending delivery (or the given one). Returns false when there was
 * nothing to claim: nothing due, another worker holds it, or its endpoint has its quota in flight.
 */
export async function deliverNext(options: { deliveryId?: string } = {}): Promise<boolean> {
  const started = performance.now();
  const leaseToken = randomUUID();
  const { WEBHOOK_LEASE_SECONDS: leaseSeconds, WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: quota } = env();
  const { rows } = await pool().query<Omit<ClaimedDelivery, "leaseToken">>(CLAIM_SQL, [leaseToken, leaseSeconds, quota, options.deliveryId ?? null]);
  const claimed = rows[0];
  if (!claimed) return false;
  const delivery = { ...claimed, leaseToken };
  const at = new Date();
  const result = await attempt(delivery, at);
  const outcome = await record(delivery, at, result);
  observeJob("webhook_delivery", outcome, started, {
    deliveryId: delivery.id,
    eventType: delivery.payload.type,
    attempt: delivery.attempt_count + 1,
    statusCode: result.statusCode,
  });
  return true;
}
