/**
 * Verify a citizen: the product's hot path, through the verification write's three steps
 * (verification-write-sql.ts), each one statement:
 *
 * 1. Admission: the Idempotency-Key claimed (replay or 409 here) and, live, the credit reserved
 *    (402 here), together.
 * 2. The registry lookup (and the sandbox levers), with no transaction open and no connection held,
 *    within its time budget (lookup-within-budget.ts).
 * 3. The outcome: the verification, its counter, audit entry, event and the completed
 *    idempotency record; or, when the lookup (or that write) failed, the credit refunded and the
 *    key released, so that the client may retry with the same key.
 *
 * A registry that has not answered when the budget ends (product rules §26): a caller that takes
 * a 202 gets the verification recorded `pending` (credit kept) and its lookup queued
 * (pending-lookup.ts); a plain request gets a free 503 REGISTRY_UNAVAILABLE, and with an
 * Idempotency-Key its lookup goes on so that the retry picks up the answer (and pays then). Either
 * way the call already made goes on in this process and lands its answer under the queued
 * lookup's lease (complete-pending-lookup.ts, `goOnHere`). A registry that refuses at once
 * (circuit open, no quota) is a free 503 that leaves nothing; a refusal known at the admission (the
 * circuit open, the quota paused past the budget) takes no credit at all, so that an outage raises
 * no credits_low (a verify admitted just before it began is still charged and refunded).
 *
 * Round trips to the database on the way (after authentication): live, 3 (admission, the lookup's
 * gateway quota slot or the mirror registry's query, outcome), 2 when the admission takes the
 * quota slot itself (a verify that would ask for it alone); sandbox, 1 without an Idempotency-Key
 * (outcome) and 2 with one. A live key that the process knows is authenticated by the admission
 * (`keyCheck`), which saves the key's own round trip.
 */
import { randomUUID } from "node:crypto";
import { env } from "@/env";
import type { Mode } from "@/generated/prisma/enums";
import type { ConsentRequest, LawfulBasis, MatchRequest, VerifyCitizenResponse } from "@/contracts/verifications";
import { actorRef, type ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { prepared } from "@/server/db/prepared";
import { newReference } from "@/server/crypto/identifiers";
import { AppError, LOOKUP_RETRY_AFTER_SECONDS, idempotencyInFlight, registryCannotAnswer, registryUnavailable } from "@/server/errors";
import { assertBusinessAccess } from "@/server/access/authorization";
import { RegistryRecordError, RegistryUnavailableError, type QuotaSlot, type RegistryMatch } from "@/server/registry/types";
import { admissionQuotaSlot, admissionRefusal, registryRefusal } from "@/server/registry";
import { buildEvent } from "@/server/events/outbox";
import { INSUFFICIENT_CREDITS_MESSAGE } from "@/server/credits/charge-credit-sql";
import { refundCreditCtes } from "@/server/credits/refund-credit-sql";
import { toVerification } from "./verification-row";
import { compareClaim } from "./compare-claim";
import { admitCtes, recordVerificationsCtes } from "./verification-write-sql";
import { LookupGoesOn, lookupBudgetMs, lookUpWithinBudget, mayAnswerLater } from "./lookup-within-budget";
import { goOnHere } from "./complete-pending-lookup";
import { completedOutcome, queueLookupCte, resolvedAnswer, type PendingRequest } from "./pending-lookup";
import {
  CLAIM_COLUMNS,
  claimCtes,
  completeClaimCte,
  releaseClaimCte,
  awaitLookupCte,
  heldClaimCte,
  releaseIdempotencyKey,
  runClaim,
  type Claim,
  type ClaimRow,
  type IdempotencyRequest,
} from "./idempotency";
import { countVerifications } from "@/server/observability/metrics";
import { KEY_CHECK_COLUMNS, KEY_READY, keyCheckCtes, readKeyCheck, type KeyCheck, type KeyCheckRow } from "@/server/access/key-check-sql";

export type VerifyCitizenInput = {
  businessId: string;
  mode: Mode;
  channel: "api" | "portal";
  nationalId: string;
  purpose?: string | null;
  /** What the customer claims; compared with the registry, never stored (product rules §16). */
  match?: MatchRequest;
  /** The customer's consent, checked against the business's policy before this is called (§19). */
  consent?: ConsentRequest;
  /** Why the lookup is lawful, as the business says; recorded (§19). */
  lawfulBasis?: LawfulBasis;
  /** `match_only` keys learn whether the claim is right, never the registry's data (§17). */
  scope?: "full" | "match_only";
  apiKeyId?: string;
  /** The request's Idempotency-Key (API) or form submission (portal): claimed by the admission. */
  idempotency?: IdempotencyRequest | null;
  /** The caller takes a 202 `pending` (Prefer: respond-async, or its business's setting) instead of waiting. */
  respondAsync?: boolean;
  /** A live key to check and count in the admission (key-check-sql.ts), which then reads the business's 202 setting itself. */
  keyCheck?: KeyCheck | null;
};

const MESSAGES = {
  verified: "Citizen verified",
  not_found: "No citizen record matches this national ID",
  expired: "This national ID card has expired",
  revoked: "This national ID card has been revoked",
  deceased: "The registry records this card's holder as deceased",
  pending: "The national registry has not answered yet. The verification completes in the background: retrieve it, or wait for verification_completed.",
  unavailable: "The national registry never answered. The credit was refunded.",
} as const;

const UNIQUE_VIOLATION = "23505";

export async function verifyCitizen(ctx: ServiceContext, input: VerifyCitizenInput): Promise<VerifyCitizenResult> {
  assertBusinessAccess(ctx, input.businessId, "verify");
  const id = randomUUID();
  const admission = await admit(ctx, input, id);
  if (admission.status === "replay") return replay(input, admission.body as VerifyCitizenResponse);
  if (admission.refused) return refuse(ctx, input, id, admission.refused, false);
  const resumedFrom = admission.resumedFrom ?? null;
  const { respondAsync } = admission;
  let found: RegistryMatch;
  let goesOn: GoesOn | null = null;
  try {
    found = resumedFrom
      ? await resolvedAnswer(resumedFrom)
      : await lookUpWithinBudget({ ...input, requestId: ctx.requestId, respondAsync, goesOn: respondAsync || !!input.idempotency, quotaSlot: admission.quotaSlot });
  } catch (error) {
    if (!(mayAnswerLater(error) && respondAsync)) return refuse(ctx, input, id, error);
    found = { result: "pending", citizen: null };
    goesOn = goingOn(error);
  }
  try {
    const body = await recordOutcome(ctx, input, id, found, resumedFrom, goesOn);
    if (goesOn?.late) goOnHere({ ...lookupOf(ctx, input, id, true), leaseId: goesOn.leaseId }, goesOn.late);
    return { body, replayed: false, status: body.data.result === "pending" ? 202 : 200 };
  } catch (error) {
    await refund(ctx, input, id, { resumedFrom });
    throw error;
  }
}

/**
 * How a lookup that goes on starts: from the call the budget ran out on, kept by this process
 * under the lease its queued lookup is given; or, after a fault the gateway answered in time, with
 * a first attempt no sooner than that answer's Retry-After.
 */
type GoesOn = { late: Promise<RegistryMatch>; leaseId: string; afterSeconds?: undefined } | { late?: undefined; leaseId?: undefined; afterSeconds?: number };

const goingOn = (error: RegistryUnavailableError): GoesOn =>
  error instanceof LookupGoesOn ? { late: error.late, leaseId: randomUUID() } : { afterSeconds: error.retryAfterSeconds && Math.ceil(error.retryAfterSeconds) };

/** Where its queued lookup starts (pending-lookup.ts). */
const startOf = (goesOn: GoesOn | null) => ({ leaseId: goesOn?.leaseId, afterSeconds: goesOn?.afterSeconds });

export type VerifyCitizenResult = { body: VerifyCitizenResponse; replayed: boolean; status?: 200 | 202 };

/** A replay of a 202 answers the final outcome once there is one, with the citizen details kept for it (§6, §13). */
async function replay(input: VerifyCitizenInput, stored: VerifyCitizenResponse): Promise<VerifyCitizenResult> {
  if (stored.data.result !== "pending") return { body: stored, replayed: true };
  const final = await completedOutcome(input.businessId, input.mode, stored.data.id);
  if (!final) return { body: stored, replayed: true, status: 202 };
  const creditsUsed = final.result === "unavailable" ? 0 : stored.data.creditsUsed;
  return {
    body: { ...stored, message: MESSAGES[final.result], data: { ...stored.data, result: final.result, match: final.match, creditsUsed }, citizen: final.citizen, match: final.match },
    replayed: true,
  };
}

/**
 * No answer to record: the credit comes back and the error is answered. A lookup that may still
 * answer goes on for the retry under the request's Idempotency-Key (a free 503 either way).
 */
async function refuse(ctx: ServiceContext, input: VerifyCitizenInput, id: string, error: unknown, charged = true): Promise<never> {
  const goesOn = mayAnswerLater(error) && input.idempotency ? goingOn(error) : null;
  const queued = await refund(ctx, input, id, { goesOn, charged });
  if (goesOn?.late && queued) goOnHere({ ...lookupOf(ctx, input, id, false), leaseId: goesOn.leaseId }, goesOn.late);
  if (error instanceof RegistryUnavailableError) {
    // A retry under the key finds the answer no sooner than the lookup's first attempt.
    const retryAfter = goesOn
      ? Math.max(LOOKUP_RETRY_AFTER_SECONDS, Math.min(goesOn.afterSeconds ?? 0, env().PENDING_LOOKUP_GIVE_UP_SECONDS))
      : (error.retryAfterSeconds ?? LOOKUP_RETRY_AFTER_SECONDS);
    throw registryUnavailable(retryAfter, !!goesOn);
  }
  // The registry refused this one record or answered it with a status Hubi does not know: no result.
  if (error instanceof RegistryRecordError) throw registryCannotAnswer();
  throw error;
}

const pendingRequest = (ctx: ServiceContext, input: VerifyCitizenInput): PendingRequest => ({
  nationalId: input.nationalId,
  requestId: ctx.requestId,
  match: input.match ?? null,
  actor: actorRef(ctx.actor),
});

/** The lookup that goes on: a `recorded` pending verification, or the answer a 503's retry picks up. */
const lookupOf = (ctx: ServiceContext, input: VerifyCitizenInput, id: string, recorded: boolean) => ({
  id,
  businessId: input.businessId,
  mode: input.mode,
  recorded,
  request: pendingRequest(ctx, input),
});

type AdmitRow = ClaimRow & Partial<KeyCheckRow> & { took: number; slot_ms: number | null; paused_ms: number | null };

/**
 * Step 1: one statement, none at all for a sandbox verify without an Idempotency-Key. A live one
 * may take its gateway quota slot here too, only once admitted and not resuming a lookup, and
 * checks its key first (`keyCheck`: nothing is claimed, charged or taken unless the key passes).
 * While the registry would refuse its lookup at once (`admissionRefusal`: the circuit open, or the
 * fleet's quota paused past the lookup's budget) it charges nothing: only a retry that resumes a
 * finished lookup, which asks the registry nothing, is admitted and paid for. The budget is the
 * lookup's own (`respondAsync`: the Prefer header or the business's 202 setting as this process
 * knows it; a setting changed a moment ago may misjudge one request, whose refusal is free either
 * way or whose charge is refunded). It commits without waiting for the WAL's flush: no answer
 * rests on it alone, since the outcome (or the refund) that every admitted verify ends with
 * commits synchronously, and that flush carries the admission's records with it. A crash before
 * then loses a claim, a credit and a slot for a request that was never answered.
 */
async function admit(
  ctx: ServiceContext,
  input: VerifyCitizenInput,
  id: string,
): Promise<Claim & { quotaSlot?: QuotaSlot; respondAsync: boolean; refused?: RegistryUnavailableError }> {
  const claim = input.idempotency ?? null;
  const key = input.keyCheck ?? null;
  let respondAsync = input.respondAsync ?? false;
  if (!claim && !key && input.mode === "test") return { status: "claimed", respondAsync };
  const slot = admissionQuotaSlot(input.mode);
  const refusal = admissionRefusal(input.mode, lookupBudgetMs(respondAsync));
  let keyRead = false;
  const build = () => {
    const q = new Sql();
    const pausedSql = refusal && !refusal.circuitOpen ? `paused AS (SELECT ${refusal.pausedMsSql(q)} AS ms),` : "";
    const keySql = key ? `${keyCheckCtes(q, key, input.consent, !keyRead)},` : "";
    const claimSql = claim ? `${claimCtes(q, { ...claim, claimId: id }, key ? KEY_READY : undefined)},` : "";
    const refusedSql = refusal?.circuitOpen ? "true" : pausedSql ? "(SELECT ms FROM paused) IS NOT NULL" : null;
    const conditions = [
      key ? KEY_READY : null,
      claim ? "EXISTS (SELECT 1 FROM claimed)" : null,
      refusedSql ? (claim ? `(NOT (${refusedSql}) OR (SELECT resumed_id FROM claimed) IS NOT NULL)` : `NOT (${refusedSql})`) : null,
    ].filter(Boolean);
    const admitted = admitCtes(q, {
      businessId: input.businessId,
      mode: input.mode,
      count: 1,
      requestId: ctx.requestId,
      note: "Verification",
      at: new Date(),
      verificationId: id,
      onlyIf: conditions.length > 0 ? conditions.join(" AND ") : undefined,
    });
    const columns = [
      claim ? CLAIM_COLUMNS : "true AS claimed, NULL::text AS request_hash, NULL::text AS state, NULL::bytea AS response",
      ...(key ? [KEY_CHECK_COLUMNS] : []),
    ].join(", ");
    const admittedHere = `(SELECT took FROM admitted) > 0${claim ? " AND claim.claimed AND claim.resumed_id IS NULL" : ""}`;
    const slotMs = slot ? slot.sql(q, admittedHere) : "NULL::int";
    const pausedMs = pausedSql ? "(SELECT ms FROM paused)" : "NULL::int";
    return prepared(`WITH ${pausedSql}${keySql}${claimSql}${admitted},
  unflushed AS (SELECT set_config('synchronous_commit', 'off', true) AS commit_mode)
SELECT ${columns}, (SELECT took FROM admitted) AS took, ${slotMs} AS slot_ms, ${pausedMs} AS paused_ms, (SELECT commit_mode FROM unflushed)${claim ? " FROM claim" : ""}`, q.values);
  };
  const run = async () => {
    const row = (await pool().query<AdmitRow>(build())).rows[0]!;
    if (key) {
      ({ respondAsync } = readKeyCheck(row as AdmitRow & KeyCheckRow, key, input.consent));
      keyRead = true;
    }
    return row;
  };
  let admitted: { claim: Claim; row: AdmitRow };
  try {
    admitted = claim ? await runClaim(claim, run) : { claim: { status: "claimed" }, row: await run() };
  } finally {
    slot?.release();
  }
  const { claim: outcome, row } = admitted;
  const refused = outcome.status === "claimed" && !outcome.resumedFrom && (refusal?.circuitOpen || row.paused_ms !== null);
  if (refused) return { ...outcome, respondAsync, refused: registryRefusal(row.paused_ms) };
  if (outcome.status === "claimed" && row.took === 0) {
    if (claim) await releaseIdempotencyKey(claim.scope, { claimId: id, resumedFrom: outcome.resumedFrom });
    throw new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
  }
  return { ...outcome, quotaSlot: slot?.granted(row.slot_ms), respondAsync };
}

/** Step 3: the outcome, one statement. A reference collides about once per 10^12 per day; a fresh one is simply drawn. */
async function recordOutcome(
  ctx: ServiceContext,
  input: VerifyCitizenInput,
  id: string,
  found: RegistryMatch,
  resumedFrom: string | null,
  goesOn: GoesOn | null,
): Promise<VerifyCitizenResponse> {
  const matched = compareClaim(input.match, found.citizen);
  const live = input.mode === "live";
  for (let attempt = 1; ; attempt++) {
    const at = new Date();
    const body: VerifyCitizenResponse = {
      message: MESSAGES[found.result],
      cached: false,
      creditDeducted: live,
      data: {
        id,
        reference: newReference(at),
        result: found.result,
        purpose: input.purpose || null,
        channel: input.channel,
        match: matched,
        consent: input.consent ? { ...input.consent, reference: input.consent.reference ?? null } : null,
        lawfulBasis: input.lawfulBasis ?? null,
        redactedAt: null,
        creditsUsed: live ? 1 : 0,
        createdAt: at.toISOString(),
      },
      citizen: input.scope === "match_only" ? null : found.citizen,
      match: matched,
    };
    try {
      await write(ctx, input, body, at, resumedFrom, goesOn);
      // A pending verification is counted once, with its final result, when it completes.
      if (found.result !== "pending") countVerifications(input.mode, input.channel, found.result, 1, live ? 1 : 0);
      return body;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * A `pending` verification raises no event yet and queues its lookup; an answer picked up after a
 * 503 consumes the lookup that resolved it.
 */
async function write(ctx: ServiceContext, input: VerifyCitizenInput, body: VerifyCitizenResponse, at: Date, resumedFrom: string | null, goesOn: GoesOn | null): Promise<void> {
  const q = new Sql();
  const v = body.data;
  const actor = ctx.actor;
  const pending = v.result === "pending";
  const record = recordVerificationsCtes(
    q,
    [{ id: v.id, reference: v.reference, result: v.result, purpose: v.purpose, match: v.match, consent: v.consent, lawfulBasis: v.lawfulBasis, nationalId: input.nationalId }],
    {
      businessId: input.businessId,
      mode: input.mode,
      channel: input.channel,
      at,
      requestId: ctx.requestId,
      apiKeyId: input.apiKeyId ?? null,
      userId: actor.type === "user" ? actor.userId : null,
      actor: actorRef(actor),
      events: pending ? [] : [buildEvent("verification_completed", input.mode, toVerification(v), at)],
      when: input.idempotency ? "EXISTS (SELECT 1 FROM held_claim)" : undefined,
    },
  );
  const completed = input.idempotency ? `,${completeClaimCte(q, input.idempotency.scope, v.id, body, pending ? 202 : 200)}` : "";
  const queued = pending
    ? `,${queueLookupCte(q, { ...lookupOf(ctx, input, v.id, true), onlyIf: "EXISTS (SELECT 1 FROM inserted)", ...startOf(goesOn) })}`
    : "";
  const consumed = resumedFrom
    ? `,
  consumed_lookup AS (DELETE FROM pending_lookup WHERE id = ${q.p(resumedFrom, "uuid")} AND EXISTS (SELECT 1 FROM inserted))`
    : "";
  const held = input.idempotency ? `${heldClaimCte(q, input.idempotency.scope, v.id)},` : "";
  const { rows } = await pool().query<{ written: boolean }>(prepared(`WITH ${held}${record}${completed}${queued}${consumed}
SELECT EXISTS (SELECT 1 FROM inserted) AS written`, q.values));
  // A retry took the key over while this request stalled: it does the work, this one writes none.
  if (!rows[0]!.written) throw input.idempotency ? idempotencyInFlight() : new Error("The verification was not recorded");
}

/**
 * The lookup or the outcome's write failed: nothing reached the caller, so the credit comes back
 * (a `refund` ledger line) and the key is released, in one statement. Only if the verification
 * does not exist: a write that committed but whose answer was lost is not refunded. `goesOn`: the
 * key waits instead for the lookup queued here (the same id), whose answer its retry picks up;
 * `resumedFrom`: the key waits again for the resolved lookup this request resumed.
 * Not `charged` (refused before any credit was taken): only the key is released. Returns whether
 * a lookup was queued (not when the key is no longer this request's).
 */
async function refund(
  ctx: ServiceContext,
  input: VerifyCitizenInput,
  id: string,
  { goesOn = null, charged = true, resumedFrom = null }: { goesOn?: GoesOn | null; charged?: boolean; resumedFrom?: string | null } = {},
): Promise<boolean> {
  const live = input.mode === "live" && charged;
  if (!live && !input.idempotency) return false;
  const q = new Sql();
  const parts = [
    live
      ? refundCreditCtes(q, {
          businessId: input.businessId,
          // Nothing when the verification exists, or its credit already came back (refundCreditCtes:
          // the maintenance sweep's, for a verify stalled for minutes).
          amount: `CASE WHEN EXISTS (SELECT 1 FROM verification WHERE id = ${q.p(id, "uuid")}) THEN 0 ELSE 1 END`,
          requestId: ctx.requestId,
          note: "Verification refunded: no outcome",
          at: new Date(),
          verificationId: id,
        })
      : null,
    input.idempotency && goesOn ? awaitLookupCte(q, input.idempotency.scope, id, id) : null,
    // Only while the key waits for it: a request that stalled until a retry took its key over leaves no lookup behind.
    input.idempotency && goesOn
      ? queueLookupCte(q, { ...lookupOf(ctx, input, id, false), ...startOf(goesOn), onlyIf: "EXISTS (SELECT 1 FROM awaiting_claim)" })
      : null,
    input.idempotency && !goesOn ? releaseClaimCte(q, input.idempotency.scope, { claimId: id, resumedFrom }) : null,
  ].filter(Boolean);
  const statement = prepared(`WITH ${parts.join(",")}
SELECT ${input.idempotency && goesOn ? "EXISTS (SELECT 1 FROM awaiting_claim)" : "false"} AS queued`, q.values);
  // The maintenance sweep may give the credit back as this runs (a verify stalled for minutes): the
  // ledger refuses a second refund, and the statement run again gives none and still frees the key.
  const { rows } = await pool()
    .query<{ queued: boolean }>(statement)
    .catch((error: { code?: string }) => {
      if (error.code !== UNIQUE_VIOLATION) throw error;
      return pool().query<{ queued: boolean }>(statement);
    });
  return rows[0]?.queued ?? false;
}
