/**
 * Lookups that go on after their request was answered (product rules §26), in `pending_lookup`:
 *
 * - `recorded`: a 202 `pending` verification, completed by a worker (complete-pending-lookup.ts);
 *   the citizen details that complete it stay encrypted beside it for 24 hours (§13), for
 *   `GET /verifications/{id}` and the replay under its Idempotency-Key, then are purged.
 * - not recorded: a plain request answered 503 when its budget ran out; its Idempotency-Key waits
 *   (`awaiting_lookup`) for the retry that picks the resolved answer up, records it and pays then.
 *
 * What a worker needs to ask the registry again (the national ID, the claim to compare) is
 * encrypted at rest and erased when the lookup completes.
 */
import type { Mode } from "@/generated/prisma/enums";
import type { Citizen, MatchRequest, MatchResult, VerificationResult } from "@/contracts/verifications";
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { decrypt, encrypt } from "@/server/crypto/secrets";
import type { RegistryMatch } from "@/server/registry/types";

/** What a background attempt needs; `match` and `actor` only for a recorded verification. */
export type PendingRequest = {
  nationalId: string;
  requestId: string;
  match: MatchRequest | null;
  actor: { actorType: string; actorId: string | null };
};

export const CITIZEN_KEPT_HOURS = 24;

/** How long one attempt's answer may take: three quarters of its lease, so that it ends while the lease is still its own. */
export const attemptTimeoutMs = () => env().PENDING_LOOKUP_LEASE_SECONDS * 750;

const requestContext = (id: string) => `pending-lookup:request:${id}`;
const outcomeContext = (id: string) => `pending-lookup:outcome:${id}`;

export const sealRequest = (id: string, request: PendingRequest) => encrypt(JSON.stringify(request), requestContext(id));
export const openRequest = (id: string, sealed: Buffer): PendingRequest => JSON.parse(decrypt(sealed, requestContext(id)));
export const sealOutcome = (id: string, outcome: RegistryMatch) => encrypt(JSON.stringify(outcome), outcomeContext(id));
export const openOutcome = (id: string, sealed: Buffer): RegistryMatch => JSON.parse(decrypt(sealed, outcomeContext(id)));

/**
 * Queues the lookup, due at once (or in `afterSeconds`, the Retry-After of the gateway's answer
 * that made it go on, at the latest when it gives up), in the statement that answers its request; `onlyIf` (SQL
 * boolean) ties it to that statement's write (the pending verification inserted). `leaseId`: its
 * first attempt is the call the request made, still going on in this process, which holds the
 * lookup's lease until it lands (complete-pending-lookup.ts, `goOnHere`); if this process dies
 * first, a worker takes the lookup over once the lease ends.
 */
export function queueLookupCte(
  q: Sql,
  o: { id: string; businessId: string; mode: Mode; recorded: boolean; request: PendingRequest; onlyIf?: string; leaseId?: string; afterSeconds?: number },
): string {
  const lease = o.leaseId ? q.p(o.leaseId, "uuid") : "NULL::uuid";
  const giveUpAt = `now() + make_interval(secs => ${q.p(env().PENDING_LOOKUP_GIVE_UP_SECONDS, "int")})`;
  return `
  queued_lookup AS (
    INSERT INTO pending_lookup (id, business_id, mode, recorded, request, next_attempt_at, give_up_at, lease_id, leased_until, attempts)
    SELECT ${q.p(o.id, "uuid")}, ${q.p(o.businessId, "uuid")}, ${q.p(o.mode, '"Mode"')}, ${q.p(o.recorded, "boolean")},
           ${q.p(sealRequest(o.id, o.request), "bytea")}, least(now() + make_interval(secs => ${q.p(o.afterSeconds ?? 0, "int")}), ${giveUpAt}), ${giveUpAt},
           ${lease}, ${o.leaseId ? `now() + make_interval(secs => ${q.p(env().PENDING_LOOKUP_LEASE_SECONDS, "int")})` : "NULL"}, ${o.leaseId ? 1 : 0}
     WHERE ${o.onlyIf ?? "true"}
  )`;
}

/**
 * A pending verification's final state, or null while it is still pending (or not this business's).
 * A redacted verification's citizen details are never shown, whenever its lookup completed.
 */
export type FinalOutcome = { result: VerificationResult; match: MatchResult | null; citizen: Citizen | null };

export async function completedOutcome(businessId: string, mode: Mode, id: string): Promise<FinalOutcome | null> {
  const q = new Sql();
  const { rows } = await pool().query<{ result: VerificationResult; match: MatchResult | null; outcome: Buffer | null }>(
    `SELECT v.result, v.match, p.outcome
       FROM verification v
       LEFT JOIN pending_lookup p ON p.id = v.id AND p.completed_at > now() - interval '${CITIZEN_KEPT_HOURS} hours' AND v.redacted_at IS NULL
      WHERE v.id = ${q.p(id, "uuid")} AND v.business_id = ${q.p(businessId, "uuid")} AND v.mode = ${q.p(mode, '"Mode"')}`,
    q.values,
  );
  const row = rows[0];
  if (!row || row.result === "pending") return null;
  const citizen = row.outcome && row.result === "verified" ? openOutcome(id, row.outcome).citizen : null;
  return { result: row.result, match: row.match, citizen };
}

/** The resolved answer a retry after a 503 picks up (its claim took the key over, so it is there). */
export async function resolvedAnswer(id: string): Promise<RegistryMatch> {
  const { rows } = await pool().query<{ outcome: Buffer }>("SELECT outcome FROM pending_lookup WHERE id = $1 AND state = 'resolved'", [id]);
  if (!rows[0]) throw new Error("The resolved lookup this claim picks up is gone");
  return openOutcome(id, rows[0].outcome);
}

/** Erases the answers kept past their window (they hold citizen details). */
export async function purgeCompletedLookups(): Promise<number> {
  const { rowCount } = await pool().query(
    `DELETE FROM pending_lookup WHERE completed_at <= now() - interval '${CITIZEN_KEPT_HOURS} hours'`,
  );
  return rowCount ?? 0;
}
