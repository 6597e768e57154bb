import { z } from "zod";
import { db } from "@/server/db/client";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { badRequest, notFound } from "@/server/errors";
import { recordAudit } from "@/server/audit/record";
import { endpointScope } from "./endpoint-view";

export const resendWebhookDeliveryInput = endpointScope.extend({ deliveryId: z.uuid() });

/**
 * Puts a finished delivery (failed, or succeeded and wanted again) back in the queue with a fresh
 * retry schedule. Its earlier attempts stay in the log; the receiver gets the same event id, so it
 * can deduplicate. Audited, as resending every failed delivery is.
 */
export async function resendWebhookDelivery(
  ctx: ServiceContext,
  input: z.input<typeof resendWebhookDeliveryInput>,
): Promise<{ deliveryId: string }> {
  const { businessId, mode, deliveryId } = resendWebhookDeliveryInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageWebhooks");
  const delivery = await db().webhookDelivery.findFirst({
    where: { id: deliveryId, endpoint: { businessId, mode } },
    include: { endpoint: { select: { enabled: true } } },
  });
  if (!delivery) throw notFound("Delivery not found");
  if (!delivery.endpoint.enabled) throw badRequest("This endpoint is disabled. Re-enable it first.");
  return transactOnce(ctx, "webhook.resend", async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, status: { in: ["failed", "succeeded"] } },
      data: { status: "pending", attemptCount: 0, nextAttemptAt: new Date(), completedAt: null },
    });
    if (count === 0) throw badRequest("This delivery is still pending: it will be attempted again on its own");
    await recordAudit(tx, ctx, {
      action: "webhook.delivery_resent",
      businessId,
      mode,
      targetType: "webhook_endpoint",
      targetId: delivery.endpointId,
      metadata: { deliveryId, eventId: delivery.eventId },
    });
    return { deliveryId };
  });
}
