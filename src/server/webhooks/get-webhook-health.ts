import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { toEndpointView, type EndpointView } from "./endpoint-view";

export const getWebhookHealthInput = z.object({ businessId: z.uuid() });

const WINDOW_MS = 7 * 86_400_000;

export type WebhookHealth = EndpointView & {
  /** Deliveries created in the last 7 days, by state. */
  last7Days: { pending: number; succeeded: number; failed: number };
  lastAttempt: { attemptedAt: Date; statusCode: number | null; error: string | null } | null;
};

/** Delivery health of each of a business's endpoints, for platform admins (URLs with query values hidden). */
export async function getWebhookHealth(ctx: ServiceContext, input: z.input<typeof getWebhookHealthInput>): Promise<WebhookHealth[]> {
  const { businessId } = getWebhookHealthInput.parse(input);
  assertPlatformAdmin(ctx);
  const endpoints = await db().webhookEndpoint.findMany({ where: { businessId }, orderBy: { mode: "asc" } });
  const since = new Date(Date.now() - WINDOW_MS);
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const [counts, lastAttempt] = await Promise.all([
        db().webhookDelivery.groupBy({ by: ["status"], where: { endpointId: endpoint.id, createdAt: { gte: since } }, _count: true }),
        db().webhookAttempt.findFirst({
          where: { delivery: { endpointId: endpoint.id } },
          orderBy: { attemptedAt: "desc" },
          select: { attemptedAt: true, statusCode: true, error: true },
        }),
      ]);
      const last7Days = { pending: 0, succeeded: 0, failed: 0 };
      for (const c of counts) last7Days[c.status] = c._count;
      return { ...toEndpointView(endpoint, "masked"), last7Days, lastAttempt };
    }),
  );
}
