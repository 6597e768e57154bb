/**
 * The list query as OpenAPI parameters. The contract parses query strings (strings transformed
 * into numbers and dates); the document shows what callers send: integers, the result enum and
 * ISO 8601 dates or timestamps. Overrides only change the rendering, never the validation.
 */
import { z } from "zod";
import { listVerificationsQuerySchema } from "@/contracts/verifications";
import { eventFeedQuerySchema, FEED_MAX_WAIT_SECONDS, listEventsQuerySchema } from "@/contracts/events-api";
import { listBatchesQuerySchema } from "@/contracts/batches";

type JsonSchema = Record<string, unknown>;

/** Replaces the rendered schema (an override object would merge into the string rendering). */
const renderAs = (replacement: JsonSchema) => ({
  override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, replacement);
  },
});

const instant = { anyOf: [{ type: "string", format: "date" }, { type: "string", format: "date-time" }] };
const { page, limit, result, from, to, startingAfter, endingBefore } = listVerificationsQuerySchema.shape;
const id = renderAs({ type: "string", format: "uuid" });

export const listVerificationsQueryParams = z.object({
  page: page.meta(renderAs({ type: "integer", minimum: 1, default: 1, example: 1 })),
  limit: limit.meta(renderAs({ type: "integer", minimum: 1, maximum: 100, default: 20, example: 20 })),
  result: result.meta({ description: "Only verifications with this outcome." }),
  from: from.meta({ ...renderAs(instant), example: "2026-11-01" }),
  to: to.meta({ ...renderAs(instant), example: "2026-11-22T00:00:00Z" }),
  startingAfter: startingAfter.meta(id),
  endingBefore: endingBefore.meta(id),
});

const events = listEventsQuerySchema.shape;

export const listEventsQueryParams = z.object({
  limit: events.limit.meta(renderAs({ type: "integer", minimum: 1, maximum: 100, default: 20, example: 20 })),
  type: events.type.meta({ description: "Only events of this type." }),
  from: events.from.meta({ ...renderAs(instant), example: "2026-11-01" }),
  to: events.to.meta({ ...renderAs(instant), example: "2026-11-22T00:00:00Z" }),
  startingAfter: events.startingAfter.meta(id),
  endingBefore: events.endingBefore.meta(id),
});

const feed = eventFeedQuerySchema.shape;

export const eventFeedQueryParams = z.object({
  after: feed.after.meta({ example: "20517.5b1d3f6e-8a2c-4e0b-9d7f-1c3e5a7b9d2f" }),
  limit: feed.limit.meta(renderAs({ type: "integer", minimum: 1, maximum: 100, default: 100, example: 100 })),
  wait: feed.wait.meta(renderAs({ type: "integer", minimum: 0, maximum: FEED_MAX_WAIT_SECONDS, default: 0, example: FEED_MAX_WAIT_SECONDS })),
});

const batches = listBatchesQuerySchema.shape;

export const listBatchesQueryParams = z.object({
  page: batches.page.meta(renderAs({ type: "integer", minimum: 1, default: 1, example: 1 })),
  limit: batches.limit.meta(renderAs({ type: "integer", minimum: 1, maximum: 100, default: 20, example: 20 })),
  startingAfter: batches.startingAfter.meta(id),
});
