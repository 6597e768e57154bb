import type { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/authorization";
import { endpointScope, toEndpointView, type EndpointView } from "./endpoint-view";

export const getWebhookEndpointInput = endpointScope;

/** The business's endpoint for a mode, or null when none is set up. */
export async function getWebhookEndpoint(ctx: ServiceContext, input: z.input<typeof getWebhookEndpointInput>): Promise<EndpointView | null> {
  const { businessId, mode } = getWebhookEndpointInput.parse(input);
  assertBusinessAccess(ctx, businessId, "viewer");
  const endpoint = await db().webhookEndpoint.findUnique({ where: { businessId_mode: { businessId, mode } } });
  return endpoint ? toEndpointView(endpoint) : null;
}
