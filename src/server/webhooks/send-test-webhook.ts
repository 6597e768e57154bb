import { LIMITS } from "@/contracts/limits";
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { AppError, badRequest } from "@/server/errors";
import { rateLimiter } from "@/server/ratelimit";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { deliverNext } from "@/server/webhooks/deliver-next";
import { DELIVERY_TIMEOUT_MS } from "@/server/webhooks/send-request";
import { transactOnce } from "@/server/submissions";
import { endpointScope, loadEndpoint } from "./endpoint-view";
import { deliveryInclude, toDeliveryView, type DeliveryView } from "./delivery-view";

export const sendTestWebhookInput = endpointScope;

/** Each test event is an outbound request on the business's behalf: a few a minute is plenty. */

/**
 * Raises a `webhook_test` event and delivers it now, returning the delivery with its first
 * attempt so the portal can show the receiver's answer. The event and its delivery are committed
 * first: if this process dies mid-request, a worker sends it again like any other delivery.
 *
 * `byWorker`: leave the attempt to the deployment's webhook workers and wait for it. The CLI does,
 * since its own process may not have the deployment's settings (WEBHOOK_ALLOW_INSECURE): its
 * attempt could fail where the deployment's succeeds.
 */
export async function sendTestWebhook(
  ctx: ServiceContext,
  input: z.input<typeof sendTestWebhookInput>,
  options: { byWorker?: boolean } = {},
): Promise<DeliveryView> {
  const scope = sendTestWebhookInput.parse(input);
  assertBusinessAccess(ctx, scope.businessId, "manageWebhooks");
  const endpoint = await loadEndpoint(scope);
  const hit = await rateLimiter().hit(`webhook-test:${scope.businessId}`, LIMITS.testEventsPerMinute, 60);
  if (!hit.allowed) {
    throw new AppError("RATE_LIMITED", `At most ${LIMITS.testEventsPerMinute} test events a minute. Try again in ${hit.resetSeconds} s.`);
  }
  if (!endpoint.enabled) throw badRequest("This endpoint is disabled. Re-enable it first.");
  const event = buildEvent("webhook_test", scope.mode, { message: "This is a test event sent from Hubi." });
  const delivery = await transactOnce(ctx, "webhook.send_test", async (tx) => {
    await raiseEvent(tx, scope.businessId, event);
    await tx.outboxEvent.update({ where: { id: event.id }, data: { dispatchedAt: new Date() } });
    return tx.webhookDelivery.create({
      data: { endpointId: endpoint.id, eventId: event.id, eventType: event.type, nextAttemptAt: new Date() },
      select: { id: true },
    });
  });
  // A worker (or the first of a repeated submission) may have claimed it; then wait for its attempt.
  if (options.byWorker || !(await deliverNext({ deliveryId: delivery.id }))) await waitForFirstAttempt(delivery.id);
  return toDeliveryView(await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: deliveryInclude }));
}

/** A worker looks for work every second and may be mid-attempt elsewhere: allow for both. */
async function waitForFirstAttempt(deliveryId: string): Promise<void> {
  const deadline = Date.now() + 2 * DELIVERY_TIMEOUT_MS + 2_000;
  while (Date.now() < deadline) {
    const attempts = await db().webhookAttempt.count({ where: { deliveryId } });
    if (attempts > 0) return;
    await sleep(250);
  }
}
