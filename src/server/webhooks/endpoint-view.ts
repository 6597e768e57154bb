/**
 * What every webhook use case shares: the (business, mode) scope of an endpoint, loading it, and
 * the view the portal sees (never the secret, which only reveal-webhook-secret returns). The URL is
 * whole only for those who manage the endpoint (owners and developers, where they edit it):
 * receivers often carry a token in the query string, so viewers and platform admins see it with
 * query values hidden, as the audit log keeps it.
 */
import { z } from "zod";
import { db } from "@/server/db/client";
import type { WebhookEndpoint } from "@/generated/prisma/client";
import { notFound } from "@/server/errors";
import { auditableUrl } from "@/server/webhooks/auditable-url";

export const endpointScope = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
});

export type EndpointScope = z.infer<typeof endpointScope>;

export type EndpointView = {
  id: string;
  mode: "test" | "live";
  url: string;
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  lastSuccessAt: Date | null;
  failingSince: Date | null;
  /** While a rotation is in progress: when the previous secret stops signing. */
  previousSecretExpiresAt: Date | null;
  /** The event types it receives; empty: every type. */
  eventTypes: string[];
};

export function toEndpointView(e: WebhookEndpoint, url: "whole" | "masked", now = new Date()): EndpointView {
  return {
    id: e.id,
    mode: e.mode,
    url: url === "whole" ? e.url : auditableUrl(e.url),
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt,
    lastSuccessAt: e.lastSuccessAt,
    failingSince: e.failingSince,
    previousSecretExpiresAt: e.previousSecretExpiresAt && e.previousSecretExpiresAt > now ? e.previousSecretExpiresAt : null,
    eventTypes: e.eventTypes,
  };
}

export async function loadEndpoint({ businessId, mode }: EndpointScope): Promise<WebhookEndpoint> {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { businessId_mode: { businessId, mode } } });
  if (!endpoint) throw notFound(`No ${mode} webhook endpoint is set up yet`);
  return endpoint;
}
