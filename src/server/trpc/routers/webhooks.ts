/** The portal's webhook page: the current mode's endpoint, its secret and its deliveries. */
import { z } from "zod";
import { adminProcedure, memberProcedure, router, submitted } from "../init";
import { getWebhookEndpoint } from "@/server/webhooks/get-webhook-endpoint";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { revealWebhookSecret } from "@/server/webhooks/reveal-webhook-secret";
import { rotateWebhookSecret } from "@/server/webhooks/rotate-webhook-secret";
import { listWebhookDeliveries, listWebhookDeliveriesInput } from "@/server/webhooks/list-webhook-deliveries";
import { resendWebhookDelivery } from "@/server/webhooks/resend-webhook-delivery";
import { resendFailedDeliveries } from "@/server/webhooks/resend-failed-deliveries";
import { enableWebhookEndpoint } from "@/server/webhooks/enable-webhook-endpoint";
import { getWebhookHealth, getWebhookHealthInput } from "@/server/webhooks/get-webhook-health";
import { setWebhookEventTypes, setWebhookEventTypesInput } from "@/server/webhooks/set-webhook-event-types";
import { deleteWebhookEndpoint } from "@/server/webhooks/delete-webhook-endpoint";
import { getEvent } from "@/server/events/get-event";

/** Every procedure acts on the selected business and portal mode. */
const viewer = memberProcedure("read");
const developer = memberProcedure("manageWebhooks");
const scope = (ctx: { businessId: string; mode: "test" | "live" }) => ({ businessId: ctx.businessId, mode: ctx.mode });

export const webhooksRouter = router({
  endpoint: viewer.query(({ ctx }) => getWebhookEndpoint(ctx.service, scope(ctx))),
  setUrl: developer
    .input(submitted(z.object({ url: z.string() })))
    .mutation(({ ctx, input }) => setWebhookUrl(ctx.service, { ...scope(ctx), url: input.url })),
  sendTest: developer.input(submitted(z.object({}))).mutation(({ ctx }) => sendTestWebhook(ctx.service, scope(ctx))),
  revealSecret: developer.mutation(({ ctx }) => revealWebhookSecret(ctx.service, scope(ctx))),
  rotateSecret: developer.input(submitted(z.object({}))).mutation(({ ctx }) => rotateWebhookSecret(ctx.service, scope(ctx))),
  enable: developer.mutation(({ ctx }) => enableWebhookEndpoint(ctx.service, scope(ctx))),
  setEventTypes: developer
    .input(submitted(setWebhookEventTypesInput.pick({ eventTypes: true })))
    .mutation(({ ctx, input }) => setWebhookEventTypes(ctx.service, { ...scope(ctx), eventTypes: input.eventTypes })),
  /** An event's payload, as delivered (the Events API's view). */
  event: viewer.input(z.object({ id: z.uuid() })).query(({ ctx, input }) => getEvent(ctx.service, { ...scope(ctx), id: input.id })),
  deliveries: viewer
    .input(listWebhookDeliveriesInput.omit({ businessId: true, mode: true }))
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.service, { ...scope(ctx), ...input })),
  resend: developer
    .input(submitted(z.object({ deliveryId: z.uuid() })))
    .mutation(({ ctx, input }) => resendWebhookDelivery(ctx.service, { ...scope(ctx), deliveryId: input.deliveryId })),
  resendFailed: developer
    .input(submitted(z.object({ since: z.coerce.date() })))
    .mutation(({ ctx, input }) => resendFailedDeliveries(ctx.service, { ...scope(ctx), since: input.since })),
  /** Platform admins: any business's delivery health. */
  health: adminProcedure.input(getWebhookHealthInput).query(({ ctx, input }) => getWebhookHealth(ctx.service, input)),
  deleteEndpoint: developer.input(submitted(z.object({}))).mutation(({ ctx }) => deleteWebhookEndpoint(ctx.service, scope(ctx))),
});
