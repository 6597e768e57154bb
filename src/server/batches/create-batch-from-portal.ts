/**
 * The portal's batch upload: the API's batch creation (same service, same file rules), for a member
 * with at least the developer role. The portal has no key, so the business's status and plan are
 * checked here with the same SQL function, and an accepted upload counts against the same batch
 * limit (§8, §18). The form's submission token is its Idempotency-Key: a repeated upload answers the
 * first batch.
 */
import type { BatchContentType } from "@/contracts/batches";
import type { Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { assertEligible, BUSINESS_ELIGIBILITY_SQL } from "@/server/access/eligibility";
import { assertBusinessAccess } from "@/server/access/authorization";
import { notFound } from "@/server/errors";
import { assertWithinLimit, peekBatchLimit } from "@/server/ratelimit/api-limit";
import { claimIdempotencyKey, requestHash } from "@/server/verifications/idempotency";
import { submissionScope } from "@/server/verifications/verify-from-portal";
import { createBatch, type CreatedBatch } from "./create-batch";

export async function createBatchFromPortal(
  ctx: ServiceContext,
  input: { businessId: string; mode: Mode; contentType: BatchContentType; body: ReadableStream<Uint8Array> | null },
): Promise<CreatedBatch> {
  assertBusinessAccess(ctx, input.businessId, "developer");
  const { rows } = await pool().query<{ eligibility: string; rate_limit_per_minute: number; require_live_consent: boolean }>(BUSINESS_ELIGIBILITY_SQL, [
    input.businessId,
    input.mode,
  ]);
  const business = rows[0];
  if (!business) throw notFound("Business not found");
  assertEligible(business.eligibility);
  assertWithinLimit(await peekBatchLimit(input.businessId, input.mode), "batch", input.mode);
  const scope = submissionScope(ctx, input.businessId, input.mode);
  const { body } = await createBatch(ctx, {
    ...input,
    scope: "full",
    policy: { mode: input.mode, requireLiveConsent: business.require_live_consent },
    claimIdempotency: scope
      ? async (file) => {
          const claim = await claimIdempotencyKey(scope, requestHash(file));
          return claim.status === "replay" ? { replay: claim.body } : { scope };
        }
      : undefined,
  });
  return body;
}
