/**
 * Webhook event payloads (product rules §14). The outbox stores exactly these; receivers get them
 * signed per the Standard Webhooks specification.
 */
import { z } from "zod";
import { verificationSchema } from "./verifications";
import { batchSchema } from "./batches";

export const EVENT_TYPES = [
  "verification_completed",
  "verification_redacted",
  "credits_low",
  "credits_exhausted",
  "live_access_approved",
  "live_access_rejected",
  "business_suspended",
  "batch_completed",
  "webhook_test",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What an endpoint can choose to receive: test events are sent on request, whatever the choice. */
export const SELECTABLE_EVENT_TYPES = EVENT_TYPES.filter((t): t is Exclude<EventType, "webhook_test"> => t !== "webhook_test");

const envelope = <T extends EventType, D extends z.ZodType>(type: T, data: D, description: string) =>
  z
    .object({
      id: z.uuid().meta({ description: "Unique per event; also the `webhook-id` header. Use it to deduplicate." }),
      type: z.literal(type),
      mode: z.enum(["test", "live"]),
      createdAt: z.iso.datetime(),
      data,
    })
    .meta({ id: `Event_${type}`, description });

const balance = z.object({ balance: z.number().int().min(0), threshold: z.number().int().min(0) });

export const eventSchemas = {
  verification_completed: envelope("verification_completed", verificationSchema, "A verification has completed. No citizen details, no national ID."),
  verification_redacted: envelope(
    "verification_redacted",
    z.object({ id: z.uuid(), reference: z.string(), redactedAt: z.iso.datetime() }),
    "A verification was redacted on request: its purpose, consent reference and national-ID traces are gone. Delete your copies too. " +
      "(Redaction at the end of the retention period raises no event.)",
  ),
  credits_low: envelope("credits_low", balance, "A deduction took the live credit balance below the business's low-credit threshold."),
  credits_exhausted: envelope("credits_exhausted", balance, "The live credit balance reached 0; live calls now get 402."),
  live_access_approved: envelope("live_access_approved", z.object({ applicationId: z.uuid() }), "Live access was approved; live keys can now be created."),
  live_access_rejected: envelope(
    "live_access_rejected",
    z.object({ applicationId: z.uuid(), reason: z.string() }),
    "The live-access application was rejected.",
  ),
  business_suspended: envelope("business_suspended", z.object({ reason: z.string().nullable() }), "The business was suspended; API calls get 403."),
  batch_completed: envelope(
    "batch_completed",
    batchSchema,
    "A batch reached its end (`completed`, `cancelled` or `failed`): its counts are final. Fetch its results with GET /batches/{id}/results. " +
      "Its rows raise no `verification_completed`.",
  ),
  webhook_test: envelope("webhook_test", z.object({ message: z.string() }), "Sent from the portal to test the endpoint."),
} as const;

export const webhookEventSchema = z
  .discriminatedUnion("type", [
    eventSchemas.verification_completed,
    eventSchemas.verification_redacted,
    eventSchemas.credits_low,
    eventSchemas.credits_exhausted,
    eventSchemas.live_access_approved,
    eventSchemas.live_access_rejected,
    eventSchemas.business_suspended,
    eventSchemas.batch_completed,
    eventSchemas.webhook_test,
  ])
  .meta({ id: "WebhookEvent" });

// Every event type is in the union (a new one fails to compile here until it is added).
const allTypesInUnion: EventType extends z.infer<typeof webhookEventSchema>["type"] ? true : never = true;
void allTypesInUnion;

export type WebhookEvent = { [K in EventType]: z.infer<(typeof eventSchemas)[K]> }[EventType];
export type EventPayload<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
