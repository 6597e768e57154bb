/**
 * Verify a citizen: the product's hot path. After the registry lookup, everything the request
 * changes (history counter and row, credit + ledger + credit events, audit entry, outbox event,
 * idempotency record) is written by ONE statement, so it commits atomically in one round trip.
 *
 * Locks, per business only: a credit bucket (one of several, see charge-credit-sql.ts), the
 * business row for the history counter (`seq`: gapless, which keeps list totals and deep pages
 * index seeks), and the business's audit chain head. The last two are one row each, held from
 * their update to the commit, so one business's verifies pass them one at a time; the audit chain
 * is per business by design, so moving the counter elsewhere would not let them overlap, and the
 * sandbox, the reference, passes the same counter (the benchmark samples these waits).
 */
import { randomUUID } from "node:crypto";
import type { Mode } from "@/generated/prisma/enums";
import type { Citizen, ConsentRequest, LawfulBasis, MatchRequest, MatchResult, VerifyCitizenResponse } from "@/contracts/verifications";
import { actorRef, type ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { encrypt, hashNationalId } from "@/server/crypto/secrets";
import { newReference } from "@/server/crypto/identifiers";
import { AppError } from "@/server/errors";
import { assertBusinessAccess } from "@/server/authorization";
import { registryFor } from "@/server/registry";
import { pullSandboxLever } from "@/server/registry/sandbox-levers";
import { buildEvent } from "@/server/events/outbox";
import { chargeCreditCtes, INSUFFICIENT_CREDITS_MESSAGE } from "@/server/services/credits/charge-credit-sql";
import { matchDateOfBirth, matchFullName } from "@/server/matching";
import { toVerification } from "./verification-row";
import { encryptionContext, type IdempotencyScope } from "./idempotency";
import { prepared } from "@/server/db/prepared";
import { countVerifications } from "@/server/observability/metrics";

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
  /** The Idempotency-Key the API pipeline claimed for this request: completed by the same write. */
  idempotency?: IdempotencyScope | null;
};

const MESSAGES = {
  verified: "Citizen verified",
  not_found: "No citizen record matches this national ID",
  expired: "This national ID card has expired",
  revoked: "This national ID card has been revoked",
} as const;

const UNIQUE_VIOLATION = "23505";

export async function verifyCitizen(ctx: ServiceContext, input: VerifyCitizenInput): Promise<VerifyCitizenResponse> {
  assertBusinessAccess(ctx, input.businessId, "developer");
  return perform(ctx, input, input.idempotency ?? null);
}

/** Only the results leave this function: the claimed values are compared and forgotten. */
export function compareClaim(claim: MatchRequest | undefined | null, citizen: Citizen | null): MatchResult | null {
  if (!claim || !citizen) return null;
  return {
    ...(claim.fullName !== undefined ? { fullName: matchFullName(citizen.fullName, claim.fullName) } : {}),
    ...(claim.dateOfBirth !== undefined ? { dateOfBirth: matchDateOfBirth(citizen.dateOfBirth, claim.dateOfBirth) } : {}),
  };
}

async function perform(ctx: ServiceContext, input: VerifyCitizenInput, scope: IdempotencyScope | null) {
  if (input.mode === "test") await pullSandboxLever(input.businessId, input.nationalId);
  const found = await registryFor(input.mode).lookup(input.nationalId);
  const matched = compareClaim(input.match, found.citizen);
  const live = input.mode === "live";
  // A reference collides about once per 10^12 per day; a fresh one is simply drawn.
  for (let attempt = 1; ; attempt++) {
    const at = new Date();
    const id = randomUUID();
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
      const recorded = await record(ctx, input, scope, body, at);
      if (!recorded) throw new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
      countVerifications(input.mode, input.channel, found.result, 1, live ? 1 : 0);
      return body;
    } catch (error) {
      const code = (error as { code?: string; constraint?: string }).code;
      if (code === UNIQUE_VIOLATION && attempt < 3) continue;
      throw error;
    }
  }
}

/** Writes everything in one statement. False when a live call found no credit (nothing written). */
async function record(
  ctx: ServiceContext,
  input: VerifyCitizenInput,
  scope: IdempotencyScope | null,
  body: VerifyCitizenResponse,
  at: Date,
): Promise<boolean> {
  const q = new Sql();
  const v = body.data;
  const biz = q.p(input.businessId, "uuid");
  const mode = q.p(input.mode, '"Mode"');
  const vid = q.p(v.id, "uuid");
  const ts = q.p(at, "timestamptz");
  const actor = ctx.actor;
  // The charge runs first (the counter's condition reads it), so a charge waiting for a bucket
  // never holds the business row.
  const counter =
    input.mode === "live"
      ? `${chargeCreditCtes(q, { businessId: input.businessId, requestId: ctx.requestId, note: "Verification", at, verificationId: v.id })},
  counter AS (
    UPDATE business SET live_verification_count = live_verification_count + 1
     WHERE id = ${biz} AND (SELECT took FROM charge) = 1 RETURNING live_verification_count AS seq
  )`
      : `counter AS (
    UPDATE business SET test_verification_count = test_verification_count + 1
     WHERE id = ${biz} RETURNING test_verification_count AS seq
  )`;
  const event = buildEvent("verification_completed", input.mode, toVerification(v), at);
  const audit =
    input.mode === "live"
      ? `, audit AS (
    INSERT INTO audit_log_entry (business_id, mode, actor_type, actor_id, action, target_type, target_id, metadata, request_id)
    SELECT ${biz}, ${mode}, ${q.p(actorRef(actor).actorType)}, ${q.p(actorRef(actor).actorId)}, 'verification.performed',
           'verification', ${vid}::text,
           jsonb_build_object('reference', ${q.p(v.reference)}::text, 'result', ${q.p(v.result)}::text, 'channel', ${q.p(v.channel)}::text),
           ${q.p(ctx.requestId)}
      FROM inserted
  )`
      : "";
  const idempotency = scope
    ? `, idempotency AS (
    UPDATE idempotency_record SET state = 'completed', response_status = 200, verification_id = ${vid},
           response = ${q.p(encrypt(JSON.stringify(body), encryptionContext(scope)))}
     WHERE business_id = ${biz} AND mode = ${mode} AND key = ${q.p(scope.key)} AND EXISTS (SELECT 1 FROM inserted)
  )`
    : "";
  const sql = `
WITH ${counter},
  inserted AS (
    INSERT INTO verification (id, business_id, mode, seq, reference, result, purpose, channel, match, consent, lawful_basis,
                              national_id_hash, national_id_last4, credits_used, api_key_id, user_id, request_id, created_at)
    SELECT ${vid}, ${biz}, ${mode}, seq, ${q.p(v.reference)}, ${q.p(v.result, '"VerificationResult"')}, ${q.p(v.purpose)},
           ${q.p(v.channel, '"Channel"')}, ${q.p(v.match === null ? null : JSON.stringify(v.match), "jsonb")},
           ${q.p(v.consent === null ? null : JSON.stringify(v.consent), "jsonb")}, ${q.p(v.lawfulBasis)},
           ${q.p(hashNationalId(input.nationalId))}, ${q.p(input.nationalId.slice(-4))},
           ${q.p(v.creditsUsed, "int")}, ${q.p(input.apiKeyId ?? null, "uuid")},
           ${q.p(actor.type === "user" ? actor.userId : null, "uuid")}, ${q.p(ctx.requestId)}, ${ts}
      FROM counter
    RETURNING id
  ),
  event AS (
    INSERT INTO outbox_event (id, business_id, mode, type, payload, created_at)
    SELECT ${q.p(event.id, "uuid")}, ${biz}, ${mode}, 'verification_completed', ${q.p(JSON.stringify(event), "jsonb")}, ${ts}
      FROM inserted
  )${audit}${idempotency}
SELECT count(*)::int AS recorded FROM inserted`;
  const { rows } = await pool().query<{ recorded: number }>(prepared(sql, q.values));
  return rows[0]!.recorded === 1;
}
