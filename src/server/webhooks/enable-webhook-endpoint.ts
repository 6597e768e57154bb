import type { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { endpointScope, loadEndpoint, toEndpointView, type EndpointView } from "./endpoint-view";

export const enableWebhookEndpointInput = endpointScope;

/** Re-enables an endpoint that was disabled (410 or 5 days of failures); pending retries resume. */
export async function enableWebhookEndpoint(ctx: ServiceContext, input: z.input<typeof enableWebhookEndpointInput>): Promise<EndpointView> {
  const scope = enableWebhookEndpointInput.parse(input);
  assertBusinessAccess(ctx, scope.businessId, "manageWebhooks");
  const { id } = await loadEndpoint(scope);
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.update({
      where: { id },
      data: { enabled: true, disabledReason: null, disabledAt: null, failingSince: null },
    });
    await recordAudit(tx, ctx, { action: "webhook.enabled", businessId: scope.businessId, mode: scope.mode, targetType: "webhook_endpoint", targetId: id });
    return toEndpointView(endpoint, "whole");
  });
}
