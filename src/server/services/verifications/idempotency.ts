/**
 * Idempotency records for verify (product rules §6). Scope: (business, mode, key). A claim is one
 * statement: it inserts an in-flight record, or takes over an expired one (or one abandoned by a
 * crashed request for over a minute), or reports what is there. Only completed 200 responses are
 * kept, encrypted (they hold citizen details), for 24 hours.
 */
import { pool } from "@/server/db/client";
import { decrypt, hashRequestBody } from "@/server/crypto/secrets";
import { conflict, idempotencyInFlight } from "@/server/errors";
import type { Mode } from "@/generated/prisma/enums";
import { prepared } from "@/server/db/prepared";

export const IDEMPOTENCY_WINDOW_HOURS = 24;
const ABANDONED_AFTER_SECONDS = 60;

export type IdempotencyScope = { businessId: string; mode: Mode; key: string };

/** Equal after JSON parsing = equal hash: key order and whitespace do not matter. Keyed (HMAC). */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return hashRequestBody(JSON.stringify(canonical(body)));
}

export const encryptionContext = (s: IdempotencyScope) => `idempotency:${s.businessId}:${s.mode}:${s.key}`;

type ClaimRow = { claimed: boolean; request_hash: string | null; state: string | null; response: Buffer | null };

const CLAIM_SQL = `
WITH claimed AS (
  INSERT INTO idempotency_record (business_id, mode, key, request_hash, state, locked_at, expires_at)
  VALUES ($1::uuid, $2::"Mode", $3, $4, 'in_flight', now(), now() + interval '${IDEMPOTENCY_WINDOW_HOURS} hours')
  ON CONFLICT (business_id, mode, key) DO UPDATE
     SET request_hash = EXCLUDED.request_hash, state = 'in_flight', response_status = NULL,
         response = NULL, locked_at = now(), expires_at = EXCLUDED.expires_at
   WHERE idempotency_record.expires_at <= now()
      OR (idempotency_record.state = 'in_flight'
          AND idempotency_record.locked_at < now() - interval '${ABANDONED_AFTER_SECONDS} seconds'
          AND idempotency_record.request_hash = EXCLUDED.request_hash)
  RETURNING true AS claimed
)
SELECT true AS claimed, NULL::text AS request_hash, NULL::text AS state, NULL::bytea AS response FROM claimed
UNION ALL
SELECT false, r.request_hash, r.state, r.response
  FROM idempotency_record r
 WHERE r.business_id = $1::uuid AND r.mode = $2::"Mode" AND r.key = $3 AND NOT EXISTS (SELECT 1 FROM claimed)`;

export type Claim = { status: "claimed" } | { status: "replay"; body: unknown };

export async function claimIdempotencyKey(scope: IdempotencyScope, hash: string): Promise<Claim> {
  // A record committed by a concurrent request while this statement waited can be invisible to
  // its snapshot; the second attempt sees it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await pool().query<ClaimRow>(prepared(CLAIM_SQL, [scope.businessId, scope.mode, scope.key, hash]));
    const row = rows[0];
    if (!row) continue;
    if (row.claimed) return { status: "claimed" };
    // Redaction cleared the request hash too: no body can be compared, none replayed.
    if (row.state === "redacted") {
      throw conflict("The verification this Idempotency-Key produced has been redacted, so it cannot be replayed. Use a new key to verify again.");
    }
    if (row.request_hash !== hash) {
      throw conflict("This Idempotency-Key was already used with a different request payload.");
    }
    if (row.state !== "completed" || !row.response) {
      throw idempotencyInFlight();
    }
    return { status: "replay", body: JSON.parse(decrypt(row.response, encryptionContext(scope))) };
  }
  throw idempotencyInFlight();
}

/** Frees a claim whose request failed, so the client can fix the cause and retry with the same key. */
export async function releaseIdempotencyKey(scope: IdempotencyScope): Promise<void> {
  await pool().query(
    `DELETE FROM idempotency_record WHERE business_id = $1::uuid AND mode = $2::"Mode" AND key = $3 AND state = 'in_flight'`,
    [scope.businessId, scope.mode, scope.key],
  );
}

/** Runs the work with the claimed scope, releasing the claim if it fails. */
export async function withClaim<T>(scope: IdempotencyScope | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (scope) await releaseIdempotencyKey(scope);
    throw error;
  }
}

/** Removes records past their window (they hold encrypted citizen details). */
export async function purgeExpiredIdempotencyRecords(): Promise<number> {
  const { rowCount } = await pool().query("DELETE FROM idempotency_record WHERE expires_at <= now()");
  return rowCount ?? 0;
}
