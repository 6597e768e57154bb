/**
 * The portal's batch upload: the API's batch creation (same service, same file rules), behind the
 * portal's admission (the API's checks without a key); an accepted upload counts against the same
 * batch limit (§8, §18). The form's submission token is its Idempotency-Key: a repeated upload answers the
 * first batch.
 */
import type { BatchContentType } from "@/contracts/batches";
import type { Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { admitPortalRequest } from "@/server/access/portal-admission";
import { claimIdempotencyKey, requestHash } from "@/server/verifications/idempotency";
import { submissionScope } from "@/server/verifications/verify-from-portal";
import { createBatch, type CreatedBatch } from "./create-batch";

export async function createBatchFromPortal(
  ctx: ServiceContext,
  input: { businessId: string; mode: Mode; contentType: BatchContentType; body: ReadableStream<Uint8Array> | null },
): Promise<CreatedBatch> {
  const { requireLiveConsent } = await admitPortalRequest(ctx, input.businessId, input.mode, "batch");
  const scope = submissionScope(ctx, input.businessId, input.mode);
  const { body } = await createBatch(ctx, {
    ...input,
    scope: "full",
    policy: { mode: input.mode, requireLiveConsent },
    claimIdempotency: scope
      ? async (file) => {
          const claim = await claimIdempotencyKey(scope, requestHash(file));
          return claim.status === "replay" ? { replay: claim.body } : { scope };
        }
      : undefined,
  });
  return body;
}
