import { z } from "zod";
import { db } from "@/server/db/client";
import { pageLimit } from "@/server/db/pagination";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { endpointScope } from "./endpoint-view";
import { deliveryInclude, toDeliveryView, type DeliveryView } from "./delivery-view";

export const listWebhookDeliveriesInput = endpointScope.extend({
  status: z.enum(["pending", "succeeded", "failed"]).optional(),
  limit: pageLimit(),
  /** The last delivery id of the previous page. */
  cursor: z.uuid().optional(),
});

/** The mode endpoint's deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries(
  ctx: ServiceContext,
  input: z.input<typeof listWebhookDeliveriesInput>,
): Promise<{ items: DeliveryView[]; nextCursor: string | null }> {
  const { businessId, mode, status, limit, cursor } = listWebhookDeliveriesInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const rows = await db().webhookDelivery.findMany({
    where: { endpoint: { businessId, mode }, status },
    include: deliveryInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, limit);
  return { items: page.map(toDeliveryView), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}
