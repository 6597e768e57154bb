import { z } from "zod";
import { SELECTABLE_EVENT_TYPES } from "@/contracts/events";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { transactOnce } from "@/server/submissions";
import { endpointScope, loadEndpoint, toEndpointView, type EndpointView } from "./endpoint-view";

export const setWebhookEventTypesInput = endpointScope.extend({
  /** Empty: every type, including those added to Hubi later. */
  eventTypes: z.array(z.enum(SELECTABLE_EVENT_TYPES, { error: `Event types are ${SELECTABLE_EVENT_TYPES.join(", ")}` })).max(SELECTABLE_EVENT_TYPES.length),
});

/** Chooses which events the mode's endpoint receives, from the next event raised; audited. */
export async function setWebhookEventTypes(ctx: ServiceContext, input: z.input<typeof setWebhookEventTypesInput>): Promise<EndpointView> {
  const { businessId, mode, eventTypes } = setWebhookEventTypesInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageWebhooks");
  const { id } = await loadEndpoint({ businessId, mode });
  const chosen = [...new Set(eventTypes)].sort();
  return transactOnce(ctx, "webhook.set_event_types", async (tx) => {
    const endpoint = await tx.webhookEndpoint.update({ where: { id }, data: { eventTypes: chosen } });
    await recordAudit(tx, ctx, {
      action: "webhook.event_types_set",
      businessId,
      mode,
      targetType: "webhook_endpoint",
      targetId: id,
      metadata: { eventTypes: chosen.length ? chosen.join(", ") : "all" },
    });
    return toEndpointView(endpoint, "whole");
  });
}
