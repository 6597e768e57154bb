/**
 * A live verify's key check inside its admission (product rules §9): the admission statement
 * calls api_authenticate itself, so a verify from a key this process already knows
 * (known-keys.ts) makes one round trip where it would make two, the key's own statement and the
 * admission. The key is judged as on the way in: found, eligible (revoked, expired, allowlist,
 * suspended, plan, scope), the request counted against the business's limit, and the business's
 * consent rule met; the admission (claim, credit, quota slot) happens only if all of that holds.
 * Only with the PostgreSQL counters: with Redis the count is Redis's, made before the admission.
 * api_authenticate switches the transaction that counts to a commit without the WAL's flush; the
 * admission commits that way anyway (verify-citizen.ts, step 1), so nothing else is affected. (Its
 * migration's note that it must stay alone in its transaction predates this one caller, which
 * meets the reason for that note.)
 */
import type { Sql } from "@/server/db/sql";
import type { ConsentRequest } from "@/contracts/verifications";
import type { RateLimitHit } from "@/server/ratelimit";
import { assertWithinLimit } from "@/server/ratelimit/api-limit";
import { assertConsentPolicy } from "@/server/verifications/consent-policy";
import { AppError } from "@/server/errors";
import { assertEligible } from "./eligibility";
import { forgetKey, rememberKey, recallKey } from "./known-keys";
import { touchLastUsed } from "@/server/keys/last-used";

export const UNKNOWN_KEY_MESSAGE = "Invalid API key. It may have been deleted or mistyped; copy yours from the portal.";

export type KeyCheck = {
  keyHash: string;
  /** The client's address as allowlists are written (null: unknown). */
  clientAddress: string | null;
  /** The caller asked for a 202 (Prefer: respond-async); the business's own setting is read with the key. */
  prefersAsync: boolean;
  /** Told what the check found before anything is thrown: the count (its headers), or null when the key was refused. */
  settle: (hit: RateLimitHit | null) => void;
};

/**
 * `key_check` (api_authenticate's row, none for an unknown key) and `key_ready`, a row when the
 * request may go on. `count`: false when the statement runs again (an idempotency claim that read
 * nothing), so that one request is counted once.
 */
export function keyCheckCtes(q: Sql, check: KeyCheck, consent: ConsentRequest | undefined, count: boolean): string {
  return `
  key_check AS (SELECT * FROM api_authenticate(${q.p(check.keyHash)}, 'verify', ${q.p(count, "boolean")}, ${q.p(check.clientAddress, "inet")})),
  key_ready AS (
    SELECT 1 FROM key_check
     WHERE eligibility = 'ok' AND allowed IS NOT FALSE AND (NOT require_live_consent OR ${q.p(consent !== undefined, "boolean")})
  )`;
}

export const KEY_READY = "EXISTS (SELECT 1 FROM key_ready)";

const COLUMNS = ["id", "eligibility", "stale_last_used", "rate_limit_per_minute", "require_live_consent", "answer_pending_with_202", "allowed", "remaining", "reset_seconds"] as const;

/** The check's columns for the statement's select list, each prefixed `key_`. */
export const KEY_CHECK_COLUMNS = ["EXISTS (SELECT 1 FROM key_check) AS key_found", ...COLUMNS.map((c) => `(SELECT ${c} FROM key_check) AS key_${c}`)].join(", ");

export type KeyCheckRow = {
  key_found: boolean;
  key_id: string | null;
  key_eligibility: string | null;
  key_stale_last_used: boolean | null;
  key_rate_limit_per_minute: number | null;
  key_require_live_consent: boolean | null;
  key_answer_pending_with_202: boolean | null;
  key_allowed: boolean | null;
  key_remaining: number | null;
  key_reset_seconds: number | null;
};

/**
 * What the check found, as the way in would have answered it (401, 403, 429, the consent rule's
 * 400); otherwise whether to answer a slow registry with 202, by the business's current setting.
 */
export function readKeyCheck(row: KeyCheckRow, check: KeyCheck, consent: ConsentRequest | undefined): { respondAsync: boolean } {
  if (!row.key_found || row.key_eligibility !== "ok") {
    forgetKey(check.keyHash);
    check.settle(null);
    if (!row.key_found) throw new AppError("UNAUTHORIZED", UNKNOWN_KEY_MESSAGE);
    assertEligible(row.key_eligibility!, "verify");
  }
  const perMinute = row.key_rate_limit_per_minute!;
  // Not counted: the statement's second run, after a first that counted and settled.
  const hit = row.key_allowed === null ? null : { allowed: row.key_allowed, limit: perMinute, remaining: row.key_remaining!, resetSeconds: row.key_reset_seconds! };
  if (hit) check.settle(hit);
  const policy = { requireLiveConsent: row.key_require_live_consent!, answerPendingWith202: row.key_answer_pending_with_202! };
  const known = recallKey(check.keyHash);
  if (known) rememberKey(check.keyHash, { ...known, policy });
  if (row.key_stale_last_used) touchLastUsed(row.key_id!);
  if (hit) assertWithinLimit(hit, "verify", "live");
  assertConsentPolicy({ mode: "live", ...policy }, consent);
  return { respondAsync: check.prefersAsync || policy.answerPendingWith202 };
}
