import type { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { endpointScope, loadEndpoint, toEndpointView, type EndpointView } from "./endpoint-view";

export const enableWebhookEndpointInput = endpointScope;

/**
 * Re-enables an endpoint that was disabled (410 or 5 days of failures); pending retries resume. An
 * endpoint already enabled (a repeated click, two people at once) is answered as it is, with no
 * second audit entry.
 */
export async function enableWebhookEndpoint(ctx: ServiceContext, input: z.input<typeof enableWebhookEndpointInput>): Promise<EndpointView> {
  const scope = enableWebhookEndpointInput.parse(input);
  assertBusinessAccess(ctx, scope.businessId, "manageWebhooks");
  const { id } = await loadEndpoint(scope);
  return db().$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id, enabled: false },
      data: { enabled: true, disabledReason: null, disabledAt: null, failingSince: null },
    });
    if (count > 0) {
      await recordAudit(tx, ctx, { action: "webhook.enabled", businessId: scope.businessId, mode: scope.mode, targetType: "webhook_endpoint", targetId: id });
    }
    return toEndpointView(await tx.webhookEndpoint.findUniqueOrThrow({ where: { id } }), "whole");
  });
}
