import type { z } from "zod";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { transactOnce } from "@/server/submissions";
import { notFound } from "@/server/errors";
import { endpointScope } from "./endpoint-view";

export const deleteWebhookEndpointInput = endpointScope;

/**
 * Removes the mode's endpoint with its deliveries and attempts. Events are not lost: they stay in
 * the Events API for 30 days, and a new endpoint receives those raised after it is added.
 */
export async function deleteWebhookEndpoint(ctx: ServiceContext, input: z.input<typeof deleteWebhookEndpointInput>): Promise<{ deleted: true }> {
  const scope = deleteWebhookEndpointInput.parse(input);
  assertBusinessAccess(ctx, scope.businessId, "manageWebhooks");
  // Looked up inside: a repeated submission is answered by its first result, not a 404.
  return transactOnce(ctx, "webhook.delete_endpoint", async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { businessId_mode: { businessId: scope.businessId, mode: scope.mode } } });
    if (!endpoint) throw notFound(`No ${scope.mode} webhook endpoint is set up yet`);
    const id = endpoint.id;
    await tx.webhookEndpoint.delete({ where: { id } });
    await recordAudit(tx, ctx, {
      action: "webhook.endpoint_deleted",
      businessId: scope.businessId,
      mode: scope.mode,
      targetType: "webhook_endpoint",
      targetId: id,
    });
    return { deleted: true as const };
  });
}
