/**
 * The operations of /api/v1. Each one names its request and response schemas from the contract
 * and lists the error codes it can return, in the order the pipeline checks them (product rules §9).
 */
import { LIMITS } from "@/contracts/limits";
import { z } from "zod";
import {
  getVerificationResponseSchema,
  idempotencyKeySchema,
  listVerificationsQuerySchema,
  listVerificationsResponseSchema,
  redactVerificationResponseSchema,
  verifyCitizenRequestSchema,
  verifyCitizenResponseSchema,
} from "@/contracts/verifications";
import { seesCitizen } from "@/contracts/api-key-scopes";
import { IDEMPOTENCY_KEY_HEADER } from "@/contracts/headers";
import {
  EVENT_RETENTION_DAYS,
  eventFeedQuerySchema,
  eventFeedResponseSchema,
  getEventResponseSchema,
  listEventsQuerySchema,
  listEventsResponseSchema,
} from "@/contracts/events-api";
import {
  eventFeedResponseExample,
  getEventResponseExample,
  getResponseExample,
  listEventsResponseExample,
  listResponseExample,
  redactResponseExample,
  verifyRequestExamples,
  verifyResponseExamples,
} from "@/server/openapi/examples";
import { eventFeedQueryParams, listEventsQueryParams, listVerificationsQueryParams } from "@/server/openapi/query-params";
import { assertConsentPolicy } from "@/server/verifications/consent-policy";
import { defineOperation } from "./operation";
import { BATCH_OPERATIONS } from "./batch-operations";

const COST = `Costs 1 credit in live mode (successful, non-replayed calls only); free in the sandbox. Rate limit: ${LIMITS.defaultPerMinute} per minute.`;
const PREFER_HEADER = "Prefer";

export const verifyCitizenOperation = defineOperation({
  method: "post",
  path: "/verify/citizen",
  group: "verify",
  body: verifyCitizenRequestSchema,
  response: verifyCitizenResponseSchema,
  checkBody: (body, policy) => assertConsentPolicy(policy, body.consent),
  checksKeyInAdmission: true,
  idempotent: { replay: (stored, scope) => ({ ...stored, citizen: seesCitizen(scope) ? stored.citizen : null, cached: true, creditDeducted: false }) },
  verificationOf: (body) => body.data.id,
  docs: {
    operationId: "verifyCitizen",
    tags: ["Verifications"],
    summary: "Verify a citizen by national ID",
    description:
      `${COST}\n\nAlways 200 when the lookup ran: the outcome is \`data.result\`. \`citizen\` is present only when the result is ` +
      "`verified` (and never for a `match_only` key). Send `match` with what your customer told you to get `match` results " +
      "instead of handing out the registry's data: names are compared with Somali spelling rules and the patronymic order " +
      "(given, father's, grandfather's name). Send an `Idempotency-Key` so that a retry after a timeout can never verify " +
      "(or charge) twice; the same key with another `match` is a payload conflict. `lawfulBasis` and `consent` are optional and " +
      "recorded when sent; only a business that has switched on \"require consent for live lookups\" in the portal gets 400 for " +
      "a live verify without `consent`.",
    requestParams: {
      header: z.object({
        [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional(),
        [PREFER_HEADER]: z.string().optional().meta({
          description:
            "`respond-async` (RFC 7240): when the national registry has not answered within about 2 seconds, answer 202 with " +
            "`result: \"pending\"` instead of waiting. The business setting \"answer pending lookups with 202\" does the same for every request.",
          example: "respond-async",
        }),
      }),
    },
    requestExamples: verifyRequestExamples,
    response: {
      description:
        "The lookup ran; see `data.result`. With `Idempotent-Replayed: true` and `cached: true` on a replay. A request without " +
        "`Prefer: respond-async`, from a business that has not switched on 202 answers, always gets a final result here, or 503 " +
        "`REGISTRY_UNAVAILABLE` when the registry has not answered within 8 seconds.",
      headers: "verified",
      examples: verifyResponseExamples,
    },
    accepted: {
      description:
        "Only with `Prefer: respond-async` (or the business setting): the registry has not answered within 2 seconds. `data.result` is " +
        "`pending`, `citizen` is `null`, and the credit is taken. The lookup goes on for up to 15 minutes: `verification_completed` " +
        "fires with the final result, `GET /verifications/{id}` (free) shows it with the citizen details for 24 hours, and so does a " +
        "replay under the same Idempotency-Key. A lookup the registry never answers ends `unavailable`, its credit refunded.",
      headers: "pending",
      example: verifyResponseExamples.pending.value,
    },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "INSUFFICIENT_CREDITS", "FORBIDDEN", "CONFLICT", "IDEMPOTENCY_IN_FLIGHT", "RATE_LIMITED", "REGISTRY_UNAVAILABLE", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["nationalId", "match", "consentRequired", "consentMethod", "idempotencyKey"], CONFLICT: ["payload"] },
  },
});

export const listVerificationsOperation = defineOperation({
  method: "get",
  path: "/verifications",
  group: "read",
  query: listVerificationsQuerySchema,
  response: listVerificationsResponseSchema,
  docs: {
    operationId: "listVerifications",
    tags: ["Verifications"],
    summary: "List previous verifications",
    description: `${COST}\n\nNewest first. Only the calling business's verifications in the key's mode. A page past the end returns \`data: []\` with the true \`total\`.`,
    requestParams: { query: listVerificationsQueryParams },
    response: { description: "One page of verifications.", headers: "limited", example: listResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "INSUFFICIENT_CREDITS", "FORBIDDEN", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["limit"], FORBIDDEN: ["suspended", "addressNotAllowed"] },
  },
});

export const getVerificationOperation = defineOperation({
  method: "get",
  path: "/verifications/{id}",
  group: "read",
  response: getVerificationResponseSchema,
  verificationOf: (body) => body.data.id,
  docs: {
    operationId: "getVerification",
    tags: ["Verifications"],
    summary: "Retrieve one verification",
    description:
      "Free (a client polls a pending verification with it). Rate limit: 60 per minute (shared with list and redact).\n\n" +
      "An id of another business or of the other mode, or a malformed id, is 404 (never 403 or 400); a query parameter is 400 (it takes none). A verification answered " +
      "`pending` shows its final result once its lookup has completed, and (keys of scope `full`) the citizen details for 24 hours after that.",
    // Declared as any string: the server answers a malformed id with the same 404 as an unknown one.
    requestParams: { path: z.object({ id: z.string().meta({ description: "The verification's `id` (a UUID).", example: "0f8e5a3c-2b1d-4e6f-9a7b-3c5d7e9f1a2b" }) }) },
    response: { description: "The verification.", headers: "limited", example: getResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["queryParameter"], FORBIDDEN: ["suspended", "addressNotAllowed"] },
  },
});

export const redactVerificationOperation = defineOperation({
  method: "post",
  path: "/verifications/{id}/redact",
  group: "read",
  response: redactVerificationResponseSchema,
  verificationOf: (body) => body.data.id,
  docs: {
    operationId: "redactVerification",
    tags: ["Verifications"],
    summary: "Redact one verification",
    description:
      `Free. Rate limit: ${LIMITS.defaultPerMinute} per minute (shared with list and retrieve). ` +
      "Clears the verification's `purpose`, its consent reference and " +
      "every trace of the national ID, here and in the copies Hubi keeps (the idempotency record, the request log, the " +
      "`verification_completed` event); the id, reference, result and dates stay, with `redactedAt` set. Raises `verification_redacted` " +
      "and is audited. Idempotent: redacting again answers the same redacted verification. Not for `read_only` keys. 404 rules as for retrieve.",
    requestParams: { path: z.object({ id: z.string().meta({ description: "The verification's `id` (a UUID).", example: "0f8e5a3c-2b1d-4e6f-9a7b-3c5d7e9f1a2b" }) }) },
    response: { description: "The verification, redacted.", headers: "limited", example: redactResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["queryParameter"], FORBIDDEN: ["suspended", "addressNotAllowed", "readOnlyRedact"] },
  },
});

const EVENTS_COST = `Free. Rate limit: ${LIMITS.defaultPerMinute} per minute (shared with the other reads). Events stay retrievable for ${EVENT_RETENTION_DAYS} days.`;

export const listEventsOperation = defineOperation({
  method: "get",
  path: "/events",
  group: "read",
  query: listEventsQuerySchema,
  response: listEventsResponseSchema,
  docs: {
    operationId: "listEvents",
    tags: ["Events"],
    summary: "List events",
    description:
      `${EVENTS_COST}\n\nThe events of the calling business in the key's mode, newest first, exactly as webhooks deliver them ` +
      "(whether or not an endpoint was configured or enabled). A receiver that was down catches up by paging with " +
      "`startingAfter` until `hasMore` is false and deduplicating on `id`.",
    requestParams: { query: listEventsQueryParams },
    response: { description: "One page of events.", headers: "limited", example: listEventsResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["limit"], FORBIDDEN: ["suspended", "addressNotAllowed"] },
  },
});

export const eventFeedOperation = defineOperation({
  method: "get",
  path: "/events/feed",
  group: "read",
  query: eventFeedQuerySchema,
  response: eventFeedResponseSchema,
  docs: {
    operationId: "followEvents",
    tags: ["Events"],
    summary: "Follow events as they happen",
    description:
      `${EVENTS_COST}\n\nFor a tool that follows events without a public URL (such as the CLI's \`listen\`): ask with \`wait\` ` +
      "and the answer comes as soon as there is an event, or after `wait` seconds with `data: []`. Send the `cursor` you got as " +
      "`after` next time: nothing is skipped or repeated, whatever order concurrent changes commit in, and a cursor kept on disk " +
      "resumes after a restart. Without `after` the feed starts from now. Events appear once the transactions that were already " +
      "running when they were written have ended (usually within a second).",
    requestParams: { query: eventFeedQueryParams },
    response: { description: "The events after the cursor, oldest first, and the cursor to continue from.", headers: "limited", example: eventFeedResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["limit"], FORBIDDEN: ["suspended", "addressNotAllowed"] },
  },
});

export const getEventOperation = defineOperation({
  method: "get",
  path: "/events/{id}",
  group: "read",
  response: getEventResponseSchema,
  docs: {
    operationId: "getEvent",
    tags: ["Events"],
    summary: "Retrieve one event",
    description: `${EVENTS_COST}\n\nAn id of another business or of the other mode, an expired event, or a malformed id, is 404.`,
    // Declared as any string: the server answers a malformed id with the same 404 as an unknown one.
    requestParams: { path: z.object({ id: z.string().meta({ description: "The event's `id` (also its `webhook-id`).", example: "5b1d3f6e-8a2c-4e0b-9d7f-1c3e5a7b9d2f" }) }) },
    response: { description: "The event.", headers: "limited", example: getEventResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["queryParameter"], FORBIDDEN: ["suspended", "addressNotAllowed"], NOT_FOUND: ["missingEvent"] },
  },
});

/** Every operation behind an API key, in the order the OpenAPI document lists them. */
export const OPERATIONS = [
  verifyCitizenOperation,
  listVerificationsOperation,
  getVerificationOperation,
  redactVerificationOperation,
  ...BATCH_OPERATIONS,
  listEventsOperation,
  eventFeedOperation,
  getEventOperation,
];
