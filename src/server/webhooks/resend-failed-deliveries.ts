import { z } from "zod";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { badRequest } from "@/server/errors";
import { endpointScope, loadEndpoint } from "./endpoint-view";

export const resendFailedDeliveriesInput = endpointScope.extend({ since: z.coerce.date() });

/**
 * Puts every failed delivery created since `since` back in the queue (after an outage on the
 * receiver's side). Running it twice resends nothing more: the first run left none failed.
 */
export async function resendFailedDeliveries(
  ctx: ServiceContext,
  input: z.input<typeof resendFailedDeliveriesInput>,
): Promise<{ resent: number }> {
  const { businessId, mode, since } = resendFailedDeliveriesInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageWebhooks");
  const endpoint = await loadEndpoint({ businessId, mode });
  if (!endpoint.enabled) throw badRequest("This endpoint is disabled. Re-enable it first.");
  return transactOnce(ctx, "webhook.resend_failed", async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { endpointId: endpoint.id, status: "failed", createdAt: { gte: since } },
      data: { status: "pending", attemptCount: 0, nextAttemptAt: new Date(), completedAt: null },
    });
    if (count > 0) {
      await recordAudit(tx, ctx, {
        action: "webhook.deliveries_resent",
        businessId,
        mode,
        targetType: "webhook_endpoint",
        targetId: endpoint.id,
        metadata: { since: since.toISOString(), count },
      });
    }
    return { resent: count };
  });
}
