import type { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess, isMemberAllowed } from "@/server/access/authorization";
import { endpointScope, toEndpointView, type EndpointView } from "./endpoint-view";

export const getWebhookEndpointInput = endpointScope;

/** The business's endpoint for a mode, or null when none is set up; its URL whole only for those who manage it. */
export async function getWebhookEndpoint(ctx: ServiceContext, input: z.input<typeof getWebhookEndpointInput>): Promise<EndpointView | null> {
  const { businessId, mode } = getWebhookEndpointInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const endpoint = await db().webhookEndpoint.findUnique({ where: { businessId_mode: { businessId, mode } } });
  if (!endpoint) return null;
  return toEndpointView(endpoint, ctx.actor.type === "system" || isMemberAllowed(ctx, businessId, "manageWebhooks") ? "whole" : "masked");
}
