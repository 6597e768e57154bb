/**
 * The Events API: the business's events of the last 30 days in the key's mode, exactly as webhooks
 * deliver them, so a receiver that was down can catch up (and check what it missed).
 */
import { z } from "zod";
import { EVENT_TYPES, webhookEventSchema } from "./events";
import { checkRangeAndCursors, cursor, instant, wholeNumber } from "./query-fields";

/** How long events stay retrievable. */
export const EVENT_RETENTION_DAYS = 30;

export const listEventsQuerySchema = z
  .strictObject({
    limit: wholeNumber("limit", 1, 100).optional().meta({ description: "Items per page, 1 to 100 (default 20).", example: "20" }),
    type: z.enum(EVENT_TYPES, { error: `type must be one of ${EVENT_TYPES.join(", ")}` }).optional(),
    from: instant("from").optional().meta({ description: "Only events created at or after this instant." }),
    to: instant("to").optional().meta({ description: "Only events created before this instant." }),
    startingAfter: cursor("startingAfter", "event").optional().meta({ description: "An event `id`: returns the page of older events that follows it." }),
    endingBefore: cursor("endingBefore", "event").optional().meta({ description: "An event `id`: returns the page of newer events that precedes it." }),
  })
  .superRefine(checkRangeAndCursors);

export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;

export const eventPaginationSchema = z
  .object({
    limit: z.number().int(),
    hasMore: z.boolean().meta({ description: "More events follow in the direction of the request." }),
  })
  .meta({ id: "EventPagination" });

export const listEventsResponseSchema = z
  .object({
    message: z.string().meta({ example: "Events retrieved" }),
    data: z.array(webhookEventSchema),
    pagination: eventPaginationSchema,
  })
  .meta({ id: "ListEventsResponse" });

export const getEventResponseSchema = z
  .object({ message: z.string().meta({ example: "Event retrieved" }), data: webhookEventSchema })
  .meta({ id: "GetEventResponse" });

/** The longest a feed request may wait for a new event. */
export const FEED_MAX_WAIT_SECONDS = 20;

/** A feed position: opaque to clients (the writing transaction's id and the event id). */
export const FEED_CURSOR = /^([0-9]{1,20})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const eventFeedQuerySchema = z.strictObject({
  after: z
    .union([z.string().regex(FEED_CURSOR), z.uuid()], { error: "after must be a cursor returned by this endpoint or an event id" })
    .optional()
    .meta({ description: "The `cursor` of the previous response, or an event `id` to continue after that event. Without it the feed starts from now." }),
  limit: wholeNumber("limit", 1, 100).optional().meta({ description: "Events per response, 1 to 100 (default 100).", example: "100" }),
  wait: wholeNumber("wait", 0, FEED_MAX_WAIT_SECONDS)
    .optional()
    .meta({ description: `Seconds to wait for an event when none is there yet, 0 to ${FEED_MAX_WAIT_SECONDS} (default 0: answer at once).`, example: "20" }),
});

export type EventFeedQuery = z.output<typeof eventFeedQuerySchema>;

export const eventFeedResponseSchema = z
  .object({
    message: z.string().meta({ example: "Events retrieved" }),
    data: z.array(webhookEventSchema).meta({ description: "The events that follow `after`, in feed order (oldest first)." }),
    cursor: z.string().meta({ description: "Send it as `after` next time; keep it to resume after a restart." }),
    hasMore: z.boolean().meta({ description: "More events follow already: ask again at once." }),
  })
  .meta({ id: "EventFeedResponse" });
