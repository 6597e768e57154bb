/**
 * One attempt at a lookup that goes on in the background (pending-lookup.ts), like a batch chunk:
 *
 * 1. Claim: the next due lookup, FOR UPDATE SKIP LOCKED, leased to this worker
 *    (PENDING_LOOKUP_LEASE_SECONDS) in one statement; nothing is held after it.
 * 2. The registry asked, within three quarters of the lease.
 * 3. One statement, only while the lease is this worker's: the answer written (a pending
 *    verification takes its final result through completeVerificationCtes, its row held from the
 *    read that statement is built from), or the next attempt
 *    scheduled (PENDING_LOOKUP_RETRY_SCHEDULE, or later if the registry said so), or, past
 *    PENDING_LOOKUP_GIVE_UP_SECONDS or once the registry refuses the record (never retried),
 *    `unavailable` with the credit refunded.
 *
 * A worker killed mid-attempt leaves a lease that runs out; the next worker tries again, and a late
 * write of the first finds its lease gone and writes nothing: each lookup completes once. A lookup
 * whose last attempt, the one made past its give-up time, never settled (its process died, or the
 * attempt fails before it can, as a request that cannot be opened does every time) is given up
 * without asking the registry again or opening its request: it ends instead of being retried, and
 * billed by the authority, forever.
 *
 * A lookup's first attempt is usually the call its request made (`goOnHere`): the request's
 * process queued the lookup leased to itself and lands the call's answer through step 3 here.
 */
import { randomUUID } from "node:crypto";
import type { Mode } from "@/generated/prisma/enums";
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { transaction } from "@/server/db/transaction";
import { Sql } from "@/server/db/sql";
import { registryFor } from "@/server/registry";
import { RegistryRecordError, RegistryUnavailableError, type RegistryMatch } from "@/server/registry/types";
import { buildEvent } from "@/server/events/outbox";
import { countVerifications } from "@/server/observability/metrics";
import { observeJob } from "@/server/observability/observe";
import { describeError, log } from "@/server/observability/logger";
import { onShutdown } from "@/server/jobs/shutdown";
import { compareClaim } from "./compare-claim";
import { toVerification, VERIFICATION_COLUMNS, fromRow, type VerificationRow } from "./verification-row";
import { completeVerificationCtes } from "./verification-write-sql";
import { attemptTimeoutMs, openRequest, sealOutcome, type PendingRequest } from "./pending-lookup";

/** `abandoned`: its last attempt (claimed at or past its give-up time) never settled, its lease run out. */
type Claimed = { id: string; business_id: string; mode: Mode; recorded: boolean; request: Buffer; attempts: number; abandoned: boolean };

/**
 * An attempt under its lease: the lookup, what it asks for (null when given up unopened), and the
 * lease that its writes depend on.
 */
type Attempt = Omit<Claimed, "request" | "abandoned"> & { request: PendingRequest | null; leaseId: string };

const CLAIM_SQL = `
WITH due AS (
  SELECT id, leased_until >= give_up_at + make_interval(secs => $2) IS TRUE AS abandoned FROM pending_lookup
   WHERE state = 'waiting' AND next_attempt_at <= now() AND (leased_until IS NULL OR leased_until < now())
   ORDER BY next_attempt_at LIMIT 1
     FOR UPDATE SKIP LOCKED
)
UPDATE pending_lookup p SET lease_id = $1, leased_until = now() + make_interval(secs => $2), attempts = attempts + 1
  FROM due WHERE p.id = due.id
RETURNING p.id, p.business_id, p.mode, p.recorded, p.request, p.attempts, due.abandoned`;

const UNAVAILABLE: RegistryMatch = { result: "unavailable", citizen: null };

/** Who a lookup given up unopened names in its audit entry: its request's actor is in what was not opened. */
const GIVEN_UP_BY = { actorType: "system", actorId: "pending-lookup" };

/** Makes one attempt if a lookup is due; false when there is no work. */
export async function processNextPendingLookup(): Promise<boolean> {
  const started = performance.now();
  const leaseId = randomUUID();
  const { rows } = await pool().query<Claimed>(CLAIM_SQL, [leaseId, env().PENDING_LOOKUP_LEASE_SECONDS]);
  const claimed = rows[0];
  if (!claimed) return false;
  const { abandoned, ...lookup } = claimed;
  if (abandoned) {
    await land({ ...lookup, request: null, leaseId }, UNAVAILABLE, started);
    return true;
  }
  const request = openRequest(claimed.id, claimed.request);
  const answer = registryFor(claimed.mode).lookup(request.nationalId, {
    signal: AbortSignal.timeout(attemptTimeoutMs()),
    requestId: request.requestId,
    priority: "interactive",
    businessId: claimed.business_id,
  });
  await settle({ ...lookup, request, leaseId }, answer, started);
  return true;
}

/** The lookups going on in this process: a web process that is stopped lets them land first (each within its attempt's time). */
const callsGoingOn = new Set<Promise<void>>();
let landsOnShutdown = false;

/**
 * The first attempt of a lookup queued leased to this process (pending-lookup.ts, `leaseId`): the
 * call its request made, whose answer lands here once it comes. Not awaited by the request: a
 * failure is logged, and the lease running out hands the lookup to a worker.
 */
export function goOnHere(
  lookup: { id: string; businessId: string; mode: Mode; recorded: boolean; request: PendingRequest; leaseId: string },
  answer: Promise<RegistryMatch>,
): void {
  const attempt: Attempt = { ...lookup, business_id: lookup.businessId, attempts: 1 };
  const landing = settle(attempt, answer, performance.now()).catch((error) =>
    log("error", "pending lookup failed", { requestId: lookup.request.requestId, ...describeError(error) }),
  );
  if (!landsOnShutdown) {
    landsOnShutdown = true;
    onShutdown(async () => void (await Promise.allSettled(callsGoingOn)));
  }
  callsGoingOn.add(landing);
  void landing.finally(() => callsGoingOn.delete(landing));
}

/** Step 3: the attempt's answer written, the next attempt scheduled, or the lookup given up; only while the lease is the attempt's. */
async function settle(attempt: Attempt, lookup: Promise<RegistryMatch>, started: number): Promise<void> {
  let answer: RegistryMatch | null = null;
  let retryAfterSeconds = 0;
  // The registry refused this record (a 400, a status Hubi does not know): asking again would get the same.
  let refused = false;
  try {
    answer = await lookup;
  } catch (error) {
    refused = error instanceof RegistryRecordError;
    retryAfterSeconds = error instanceof RegistryUnavailableError ? (error.retryAfterSeconds ?? 0) : 0;
  }
  if (!answer && !refused && (await reschedule(leaseOf(attempt), delayAfter(attempt.attempts, retryAfterSeconds)))) {
    observeJob("pending_lookup", "retrying", started, { businessId: attempt.business_id, attempts: attempt.attempts });
    return;
  }
  await land(attempt, answer ?? UNAVAILABLE, started);
}

/** The lookup's final answer written, only while the lease is the attempt's; `abandoned` (a warning) when given up unopened. */
async function land(attempt: Attempt, final: RegistryMatch, started: number): Promise<void> {
  const lease = leaseOf(attempt);
  const completed = attempt.recorded ? await completeVerification(attempt, lease, final) : await keepForRetry(lease, final);
  observeJob("pending_lookup", !completed ? "lease_lost" : attempt.request ? "done" : "abandoned", started, { businessId: attempt.business_id, attempts: attempt.attempts, result: final.result });
}

type Lease = { id: string; leaseId: string };

const leaseOf = (attempt: Attempt): Lease => ({ id: attempt.id, leaseId: attempt.leaseId });

function delayAfter(attempts: number, retryAfterSeconds: number): number {
  const schedule = env().PENDING_LOOKUP_RETRY_SCHEDULE;
  return Math.max(schedule[Math.min(attempts, schedule.length) - 1]!, retryAfterSeconds);
}

/**
 * The next attempt, never later than the moment the lookup gives up (which gets one last attempt);
 * false once that moment has passed (or the lease is lost), by the database's clock, the one that
 * set it: a process whose clock ran behind would otherwise reschedule a lookup already due, again
 * and again, one gateway call each.
 */
async function reschedule(lease: Lease, seconds: number): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE pending_lookup SET lease_id = NULL, leased_until = NULL,
            next_attempt_at = LEAST(give_up_at, now() + make_interval(secs => $3))
      WHERE id = $1 AND lease_id = $2 AND state = 'waiting' AND give_up_at > now()`,
    [lease.id, lease.leaseId, seconds],
  );
  return rowCount === 1;
}

/** This worker's lease, ended with the answer (kept encrypted for 24 h) in the statement that uses it. */
function finishCte(q: Sql, lease: Lease, answer: RegistryMatch): string {
  const resolved = answer.result !== "unavailable";
  return `
  mine AS (
    UPDATE pending_lookup SET state = ${q.p(resolved ? "resolved" : "unavailable")}, outcome = ${q.p(resolved ? sealOutcome(lease.id, answer) : null, "bytea")},
           request = NULL, completed_at = now(), lease_id = NULL, leased_until = NULL
     WHERE id = ${q.p(lease.id, "uuid")} AND lease_id = ${q.p(lease.leaseId, "uuid")} AND state = 'waiting'
    RETURNING id
  )`;
}

/**
 * A 202 `pending` verification takes its final result, its event and (unavailable) its refund.
 * Its row is held from the read to the write: a redaction comes before (and the citizen's details
 * are not kept) or after (and clears the answer kept here, redaction-sql.ts), never between.
 */
async function completeVerification(attempt: Attempt, lease: Lease, answer: RegistryMatch): Promise<boolean> {
  const { request } = attempt;
  const channel = await transaction(async (client) => {
    const { rows } = await client.query<VerificationRow & { request_id: string }>(
      `SELECT ${VERIFICATION_COLUMNS}, request_id FROM verification WHERE id = $1 FOR UPDATE`,
      [attempt.id],
    );
    const row = rows[0];
    if (!row) return null;
    const at = new Date();
    const match = compareClaim(request?.match, answer.citizen);
    const verification = { ...fromRow(row), result: answer.result, match };
    const kept = row.redacted_at ? { ...answer, citizen: null } : answer;
    const q = new Sql();
    const sql = `WITH ${finishCte(q, lease, kept)},${completeVerificationCtes(q, {
      id: attempt.id,
      result: answer.result,
      match,
      context: {
        businessId: attempt.business_id,
        mode: attempt.mode,
        actor: request?.actor ?? GIVEN_UP_BY,
        channel: row.channel,
        requestId: row.request_id,
        at,
        event: buildEvent("verification_completed", attempt.mode, toVerification(verification), at),
      },
      when: "EXISTS (SELECT 1 FROM mine)",
    })}
SELECT count(*)::int AS n FROM completed`;
    const { rows: done } = await client.query<{ n: number }>(sql, q.values);
    return done[0]!.n === 1 ? row.channel : null;
  });
  // Its only count (the 202 counted nothing), with the credit it keeps: none when refunded.
  if (channel) countVerifications(attempt.mode, channel, answer.result, 1, attempt.mode === "live" && answer.result !== "unavailable" ? 1 : 0);
  return channel !== null;
}

/**
 * The answer to a 503'd request, for its retry; a lookup that never resolves frees the request's
 * Idempotency-Key instead, so that the retry starts afresh.
 */
async function keepForRetry(lease: Lease, answer: RegistryMatch): Promise<boolean> {
  const q = new Sql();
  const release =
    answer.result === "unavailable"
      ? `,
  released AS (
    DELETE FROM idempotency_record WHERE state = 'awaiting_lookup' AND verification_id = ${q.p(lease.id, "uuid")} AND EXISTS (SELECT 1 FROM mine)
  )`
      : "";
  const { rows } = await pool().query<{ n: number }>(`WITH ${finishCte(q, lease, answer)}${release}
SELECT count(*)::int AS n FROM mine`, q.values);
  return rows[0]!.n === 1;
}
