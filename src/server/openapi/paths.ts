/**
 * The operations of /api/v1. Each one names its request and response schemas from the contract
 * and lists the error codes it can return, in the order the pipeline checks them (product rules §9).
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  getVerificationResponseSchema,
  idempotencyKeySchema,
  listVerificationsResponseSchema,
  verificationIdSchema,
  verifyCitizenRequestSchema,
  verifyCitizenResponseSchema,
} from "@/contracts/verifications";
import { IDEMPOTENCY_KEY_HEADER } from "@/contracts/headers";
import { errorResponses } from "./error-responses";
import { getResponseExample, listResponseExample, verifyRequestExamples, verifyResponseExamples } from "./examples";
import { responseHeaders } from "./headers";
import { listVerificationsQueryParams } from "./query-params";

const COST = "Costs 1 credit in live mode (successful, non-replayed calls only); free in the sandbox. Rate limit: 60 per minute.";

export const paths: ZodOpenApiPathsObject = {
  "/verify/citizen": {
    post: {
      operationId: "verifyCitizen",
      tags: ["Verifications"],
      summary: "Verify a citizen by national ID",
      description:
        `${COST}\n\nAlways 200 when the lookup ran: the outcome is \`data.result\`. \`citizen\` is present only when the result is ` +
        "`verified` (and never for a `match_only` key). Send `match` with what your customer told you to get `match` results " +
        "instead of handing out the registry's data: names are compared with Somali spelling rules and the patronymic order " +
        "(given, father's, grandfather's name). Send an `Idempotency-Key` so that a retry after a timeout can never verify " +
        "(or charge) twice; the same key with another `match` is a payload conflict.",
      requestParams: { header: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }) },
      requestBody: {
        required: true,
        content: { "application/json": { schema: verifyCitizenRequestSchema, examples: verifyRequestExamples } },
      },
      responses: {
        "200": {
          description: "The lookup ran; see `data.result`. With `Idempotent-Replayed: true` and `cached: true` on a replay.",
          headers: responseHeaders.verified,
          content: { "application/json": { schema: verifyCitizenResponseSchema, examples: verifyResponseExamples } },
        },
        ...errorResponses(["BAD_REQUEST", "UNAUTHORIZED", "INSUFFICIENT_CREDITS", "FORBIDDEN", "CONFLICT", "RATE_LIMITED", "INTERNAL_ERROR"], {
          BAD_REQUEST: ["nationalId", "match", "idempotencyKey"],
        }),
      },
    },
  },
  "/verifications": {
    get: {
      operationId: "listVerifications",
      tags: ["Verifications"],
      summary: "List previous verifications",
      description: `${COST}\n\nNewest first. Only the calling business's verifications in the key's mode. A page past the end returns \`data: []\` with the true \`total\`.`,
      requestParams: { query: listVerificationsQueryParams },
      responses: {
        "200": {
          description: "One page of verifications.",
          headers: responseHeaders.limited,
          content: { "application/json": { schema: listVerificationsResponseSchema, example: listResponseExample } },
        },
        ...errorResponses(["BAD_REQUEST", "UNAUTHORIZED", "INSUFFICIENT_CREDITS", "FORBIDDEN", "RATE_LIMITED", "INTERNAL_ERROR"], {
          BAD_REQUEST: ["limit"],
          FORBIDDEN: ["suspended"],
        }),
      },
    },
  },
  "/verifications/{id}": {
    get: {
      operationId: "getVerification",
      tags: ["Verifications"],
      summary: "Retrieve one verification",
      description: `${COST}\n\nAn id of another business or of the other mode, or a malformed id, is 404 (never 403 or 400).`,
      requestParams: { path: z.object({ id: verificationIdSchema.meta({ description: "The verification's `id`." }) }) },
      responses: {
        "200": {
          description: "The verification.",
          headers: responseHeaders.limited,
          content: { "application/json": { schema: getVerificationResponseSchema, example: getResponseExample } },
        },
        ...errorResponses(["UNAUTHORIZED", "INSUFFICIENT_CREDITS", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "INTERNAL_ERROR"], {
          FORBIDDEN: ["suspended"],
        }),
      },
    },
  },
  "/docs/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      tags: ["Documentation"],
      summary: "This OpenAPI 3.1 document",
      description: "Public: no API key, no credit, no rate limit.",
      security: [],
      responses: {
        "200": {
          description: "The OpenAPI document of v1.",
          headers: responseHeaders.basic,
          content: { "application/json": { schema: { type: "object", description: "An OpenAPI 3.1 document." } } },
        },
      },
    },
  },
};
