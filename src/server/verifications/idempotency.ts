/**
 * Idempotency records for verify (product rules §6). Scope: (business, mode, key). A claim is one
 * statement: it inserts an in-flight record, or takes over an expired one (or one abandoned by a
 * crashed request for over two minutes), or reports what is there. A verify's claim carries its
 * id, which fences its outcome: one that had merely stalled writes nothing once its key was taken
 * over. Only completed responses (200, and a 202 `pending`) are kept, encrypted (they hold
 * citizen details), for 24 hours. A request answered 503 while its lookup goes on leaves its key
 * `awaiting_lookup`: the retry that finds the lookup resolved takes the key over (and pays), one
 * that comes earlier gets the 503 again.
 */
import { pool } from "@/server/db/client";
import { decrypt, encrypt, hashRequestBody } from "@/server/crypto/secrets";
import { Sql } from "@/server/db/sql";
import { conflict, idempotencyInFlight, registryStillAnswering } from "@/server/errors";
import type { Mode } from "@/generated/prisma/enums";
import { prepared } from "@/server/db/prepared";

export const IDEMPOTENCY_WINDOW_HOURS = 24;
/**
 * When an in-flight claim counts as abandoned by a request that crashed: longer than a request can
 * be at work (the synchronous lookup budget is at most 60 s, VERIFY_SYNC_BUDGET_MS), so that a
 * retry never takes the key over from a request still running, which would then record a second
 * verification under it.
 */
const ABANDONED_AFTER_SECONDS = 120;

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

/**
 * A key to claim: its scope and the hash of the request body it was sent with. `claimId` (a
 * verify's own id) fences what the claimer writes later: see `heldClaimCte`.
 */
export type IdempotencyRequest = { scope: IdempotencyScope; hash: string; claimId?: string };

export type ClaimRow = {
  claimed: boolean;
  /** The pending lookup whose result this claim picks up (a retry after a 503). */
  resumed_id: string | null;
  request_hash: string | null;
  state: string | null;
  response: Buffer | null;
};

/**
 * The claim as common table expressions, so that a caller can do more in the same statement (a
 * verify reserves its credit there): `claimed` has a row when the key is now this request's, and
 * `CLAIM_COLUMNS` (a select list over them) reads as a `ClaimRow`. `onlyIf` (SQL boolean): claim
 * nothing unless it holds (the key check of that statement passed).
 */
export function claimCtes(q: Sql, { scope, hash, claimId }: IdempotencyRequest, onlyIf?: string): string {
  const biz = q.p(scope.businessId, "uuid");
  const mode = q.p(scope.mode, '"Mode"');
  const key = q.p(scope.key);
  return `
  claimed AS (
    INSERT INTO idempotency_record (business_id, mode, key, request_hash, state, locked_at, expires_at, claim_id)
    SELECT ${biz}, ${mode}, ${key}, ${q.p(hash)}, 'in_flight', now(), now() + interval '${IDEMPOTENCY_WINDOW_HOURS} hours',
           ${q.p(claimId ?? null, "uuid")}${onlyIf ? `
     WHERE ${onlyIf}` : ""}
    ON CONFLICT (business_id, mode, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, state = 'in_flight', response_status = NULL,
           response = NULL, locked_at = now(), expires_at = EXCLUDED.expires_at, claim_id = EXCLUDED.claim_id,
           verification_id = CASE WHEN idempotency_record.state = 'awaiting_lookup' AND idempotency_record.expires_at > now()
                                  THEN idempotency_record.verification_id END
     WHERE idempotency_record.expires_at <= now()
        OR (idempotency_record.state = 'in_flight'
            AND idempotency_record.locked_at < now() - interval '${ABANDONED_AFTER_SECONDS} seconds'
            AND idempotency_record.request_hash = EXCLUDED.request_hash)
        OR (idempotency_record.state = 'awaiting_lookup'
            AND idempotency_record.request_hash = EXCLUDED.request_hash
            AND EXISTS (SELECT 1 FROM pending_lookup p WHERE p.id = idempotency_record.verification_id AND p.state = 'resolved'))
    RETURNING true AS claimed, verification_id AS resumed_id
  ),
  claim AS (
    SELECT EXISTS (SELECT 1 FROM claimed) AS claimed, (SELECT resumed_id FROM claimed) AS resumed_id, r.request_hash, r.state, r.response
      FROM (SELECT 1) AS one
      LEFT JOIN idempotency_record r
        ON r.business_id = ${biz} AND r.mode = ${mode} AND r.key = ${key} AND NOT EXISTS (SELECT 1 FROM claimed)
  )`;
}

export const CLAIM_COLUMNS = "claim.claimed, claim.resumed_id, claim.request_hash, claim.state, claim.response";

/** `resumedFrom`: the resolved pending lookup whose result the claimed request answers with, instead of a lookup. */
export type Claim = { status: "claimed"; resumedFrom?: string | null } | { status: "replay"; body: unknown };

/**
 * What a claim statement found: claimed, a replay, or a 409. Null when the record was neither
 * claimable nor visible: one committed by a concurrent request while the statement waited can be
 * invisible to its snapshot, and the statement is simply run again.
 */
export function readClaim(row: ClaimRow, { scope, hash }: IdempotencyRequest): Claim | null {
  if (row.claimed) return { status: "claimed", resumedFrom: row.resumed_id };
  if (row.state === null) return null;
  // Redaction cleared the request hash too: no body can be compared, none replayed.
  if (row.state === "redacted") {
    throw conflict("The verification this Idempotency-Key produced has been redacted, so it cannot be replayed. Use a new key to verify again.");
  }
  if (row.request_hash !== hash) {
    throw conflict("This Idempotency-Key was already used with a different request payload.");
  }
  if (row.state === "awaiting_lookup") throw registryStillAnswering();
  if (row.state !== "completed" || !row.response) throw idempotencyInFlight();
  return { status: "replay", body: JSON.parse(decrypt(row.response, encryptionContext(scope))) };
}

/** Runs a claim statement until it reads as claimed, a replay or a 409. */
export async function runClaim<R extends ClaimRow>(
  request: IdempotencyRequest,
  run: () => Promise<R>,
): Promise<{ claim: Claim; row: R }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await run();
    const claim = readClaim(row, request);
    if (claim) return { claim, row };
  }
  throw idempotencyInFlight();
}

export async function claimIdempotencyKey(scope: IdempotencyScope, hash: string): Promise<Claim> {
  const request = { scope, hash };
  const q = new Sql();
  const sql = `WITH ${claimCtes(q, request)} SELECT ${CLAIM_COLUMNS} FROM claim`;
  const { claim } = await runClaim(request, async () => (await pool().query<ClaimRow>(prepared(sql, q.values))).rows[0]!);
  return claim;
}

/** The scope's record, as a WHERE condition; only while `claimId` still holds its claim, when given. */
const recordOf = (q: Sql, scope: IdempotencyScope, claimId?: string) =>
  `business_id = ${q.p(scope.businessId, "uuid")} AND mode = ${q.p(scope.mode, '"Mode"')} AND key = ${q.p(scope.key)}` +
  (claimId ? ` AND claim_id = ${q.p(claimId, "uuid")}` : "");

/**
 * The key's claim, locked, while the request `claimId` still holds it (no row once it does not):
 * a request that stalled past ABANDONED_AFTER_SECONDS may have lost it to a retry, which then does
 * the work itself, and the stalled one must write nothing under the key (or the key would have two
 * verifications, both paid). Locked rather than read, so that a takeover committed after the
 * statement began is seen; its write then depends on `EXISTS (SELECT 1 FROM held_claim)`.
 */
export const heldClaimCte = (q: Sql, scope: IdempotencyScope, claimId: string): string => `
  held_claim AS (
    SELECT 1 FROM idempotency_record WHERE ${recordOf(q, scope, claimId)} AND state = 'in_flight' FOR UPDATE
  )`;

/** Completes a claim in the statement that writes the request's work (when `inserted` has a row). */
export function completeClaimCte(q: Sql, scope: IdempotencyScope, verificationId: string, body: unknown, status: 200 | 202 = 200): string {
  return `
  completed_claim AS (
    UPDATE idempotency_record SET state = 'completed', response_status = ${q.p(status, "int")}, verification_id = ${q.p(verificationId, "uuid")},
           response = ${q.p(encrypt(JSON.stringify(body), encryptionContext(scope)))}
     WHERE ${recordOf(q, scope)} AND EXISTS (SELECT 1 FROM inserted)
  )`;
}

/** Whose claim a release or a wait is (`claimId`: only while it holds it) and what it resumed. */
export type HeldClaim = { claimId?: string; resumedFrom?: string | null };

/**
 * Frees a claim whose request failed, in the statement that undoes the rest (a refund). A claim
 * that resumed a resolved lookup (`resumedFrom`) goes back to waiting for it instead: the answer
 * the registry gave (and the authority billed) is still there for the next retry, which would
 * otherwise ask the registry again.
 */
export function releaseClaimCte(q: Sql, scope: IdempotencyScope, { claimId, resumedFrom }: HeldClaim = {}): string {
  if (resumedFrom) return awaitLookupCte(q, scope, resumedFrom, claimId, "released_claim");
  return `
  released_claim AS (
    DELETE FROM idempotency_record WHERE ${recordOf(q, scope, claimId)} AND state = 'in_flight'
  )`;
}

/**
 * Keeps a claim for the retry that picks up the result of a lookup that goes on (`pendingId`), in
 * the statement that refunds the request and queues the lookup (which it returns a row for).
 */
export function awaitLookupCte(q: Sql, scope: IdempotencyScope, pendingId: string, claimId?: string, name = "awaiting_claim"): string {
  return `
  ${name} AS (
    UPDATE idempotency_record SET state = 'awaiting_lookup', verification_id = ${q.p(pendingId, "uuid")}
     WHERE ${recordOf(q, scope, claimId)} AND state = 'in_flight'
    RETURNING 1 AS awaiting
  )`;
}

/** Frees a claim whose request failed, so the client can fix the cause and retry with the same key. */
export async function releaseIdempotencyKey(scope: IdempotencyScope, held?: HeldClaim): Promise<void> {
  const q = new Sql();
  await pool().query(`WITH ${releaseClaimCte(q, scope, held)} SELECT 1`, q.values);
}

/** Removes records past their window (they hold encrypted citizen details). */
export async function purgeExpiredIdempotencyRecords(): Promise<number> {
  const { rowCount } = await pool().query("DELETE FROM idempotency_record WHERE expires_at <= now()");
  return rowCount ?? 0;
}
