/**
 * Error responses of the document, one per code, all with the contract's `Error` schema. Status
 * numbers come from ERROR_STATUS, so the document cannot disagree with the runtime.
 */
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from "@/contracts/errors";
import { z } from "zod";
import { CONSENT_REQUIRED_MESSAGE, idempotencyKeySchema, listVerificationsQuerySchema, verifyCitizenRequestSchema } from "@/contracts/verifications";
import { IDEMPOTENCY_KEY_HEADER } from "@/contracts/headers";
import { errorExample } from "./examples";
import { ADDRESS_NOT_ALLOWED_MESSAGE } from "@/contracts/ip-allowlist";
import { READ_ONLY_BATCH_MESSAGE, READ_ONLY_REDACT_MESSAGE, READ_ONLY_VERIFY_MESSAGE } from "@/contracts/api-key-scopes";
import { BATCH_PROCESSING_MESSAGE } from "@/contracts/batches";
import { responseHeaders } from "./headers";
import { fieldErrors } from "@/server/http/field-errors";
import { IN_FLIGHT_MESSAGE, IN_FLIGHT_RETRY_AFTER_SECONDS, internalError, LOOKUP_RETRY_AFTER_SECONDS, registryUnavailable } from "@/server/errors";
import { OUTAGE_RETRY_AFTER_SECONDS } from "@/contracts/sandbox";
import { noQueryParamsSchema } from "@/contracts/query-fields";

type Example = { summary: string; value: ReturnType<typeof errorExample> };

const example = (summary: string, body: Parameters<typeof errorExample>[0]): Example => ({ summary, value: errorExample(body) });

/** A 400 example whose `errors[]` is what the API answers for `input`: the contract's issues, as the pipeline reports them. */
function validationExample(summary: string, message: string, schema: z.ZodType, input: unknown): Example {
  const error = schema.safeParse(input).error;
  return example(summary, { code: "BAD_REQUEST", message, errors: error ? fieldErrors(error) : [] });
}

type ErrorDoc = { description: string; headers: keyof typeof responseHeaders; examples: Record<string, Example> };

const ERROR_DOCS: Record<ErrorCode, ErrorDoc> = {
  BAD_REQUEST: {
    description: "Malformed request or validation failure. `errors[]` lists every offending field, header or query parameter.",
    headers: "limited",
    examples: {
      nationalId: validationExample("National ID not 11 digits", "The request body is invalid", verifyCitizenRequestSchema, {
        nationalId: "1234-567",
      }),
      idempotencyKey: validationExample(
        "Idempotency-Key too short",
        "The Idempotency-Key header is invalid",
        z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema }),
        { [IDEMPOTENCY_KEY_HEADER]: "abc" },
      ),
      match: validationExample("match without a field", "The request body is invalid", verifyCitizenRequestSchema, {
        nationalId: "11111111111",
        match: {},
      }),
      consentRequired: example("Live verify without consent, when the business has switched on \"require consent for live lookups\"", {
        code: "BAD_REQUEST",
        message: "The request body is invalid",
        errors: [{ field: "consent", message: CONSENT_REQUIRED_MESSAGE }],
      }),
      consentMethod: validationExample("consent with an unknown method", "The request body is invalid", verifyCitizenRequestSchema, {
        nationalId: "11111111111",
        consent: { obtainedAt: "2026-11-22T09:25:00Z", method: "email" },
      }),
      batchFile: example("Batch file without a nationalId column (nothing created)", {
        code: "BAD_REQUEST",
        message: "The batch file is malformed; nothing was created",
        errors: [{ field: "line 1", message: "The header has no nationalId column" }],
      }),
      limit: validationExample("limit above 100", "The query parameters are invalid", listVerificationsQuerySchema, { limit: "101" }),
      queryParameter: validationExample("A query parameter, which this operation takes none of", "The query parameters are invalid", noQueryParamsSchema, { expand: "citizen" }),
    },
  },
  UNAUTHORIZED: {
    description: "Missing, malformed, unknown, revoked or expired API key, or a key used on the other environment's host.",
    headers: "basic",
    examples: { revoked: example("Revoked key", { code: "UNAUTHORIZED", message: "This API key has been revoked." }) },
  },
  INSUFFICIENT_CREDITS: {
    description: "Live mode only: the credit balance is exhausted. Nothing was charged.",
    headers: "limited",
    examples: {
      exhausted: example("Balance exhausted", {
        code: "INSUFFICIENT_CREDITS",
        message: "Your credit balance is exhausted. Top up in the portal.",
      }),
    },
  },
  FORBIDDEN: {
    description:
      "The key is used from an address outside its IP allowlist, the business is suspended, a live key is used by a business that is not on the enterprise plan, or a `read_only` key verifies, redacts, or creates or cancels a batch.",
    headers: "basic",
    examples: {
      suspended: example("Suspended business", { code: "FORBIDDEN", message: "This business account is suspended. Contact Hubi support." }),
      readOnly: example("Read-only key calls verify", { code: "FORBIDDEN", message: READ_ONLY_VERIFY_MESSAGE }),
      readOnlyRedact: example("Read-only key redacts", { code: "FORBIDDEN", message: READ_ONLY_REDACT_MESSAGE }),
      readOnlyBatch: example("Read-only key creates or cancels a batch", { code: "FORBIDDEN", message: READ_ONLY_BATCH_MESSAGE }),
      addressNotAllowed: example("Key used outside its IP allowlist", { code: "FORBIDDEN", message: ADDRESS_NOT_ALLOWED_MESSAGE }),
    },
  },
  NOT_FOUND: {
    description: "Nothing with this id exists for the calling business in the key's mode (a malformed id included), or an unknown path.",
    headers: "limited",
    examples: {
      missing: example("Unknown id", { code: "NOT_FOUND", message: "Verification not found" }),
      missingEvent: example("Unknown event id", { code: "NOT_FOUND", message: "Event not found" }),
      missingBatch: example("Unknown batch id", { code: "NOT_FOUND", message: "Batch not found" }),
    },
  },
  METHOD_NOT_ALLOWED: {
    description: "The path exists but not with this method (`HEAD` and `OPTIONS` included). The `Allow` header lists the methods it supports.",
    headers: "methodNotAllowed",
    examples: {
      method: example("Unsupported method", { code: "METHOD_NOT_ALLOWED", message: "Method not allowed. This endpoint supports GET." }),
    },
  },
  CONFLICT: {
    description: "The Idempotency-Key was already used with a different payload: never retry it with this key.",
    headers: "conflict",
    examples: {
      payload: example("Different payload (no Retry-After)", {
        code: "CONFLICT",
        message: "This Idempotency-Key was already used with a different request payload.",
      }),
      batchProcessing: example("Batch results before the batch has ended (Retry-After: 5)", { code: "CONFLICT", message: BATCH_PROCESSING_MESSAGE }),
    },
  },
  IDEMPOTENCY_IN_FLIGHT: {
    description:
      "A request with this Idempotency-Key is still being processed. Always with `Retry-After`: send the same request again " +
      "after that many seconds to get the original result (a replay, not charged again).",
    headers: "conflict",
    examples: {
      inFlight: example(`Still in flight (Retry-After: ${IN_FLIGHT_RETRY_AFTER_SECONDS})`, { code: "IDEMPOTENCY_IN_FLIGHT", message: IN_FLIGHT_MESSAGE }),
    },
  },
  RATE_LIMITED: {
    description: "More than the limit (60 per rolling minute per business, mode and endpoint). Retry after `Retry-After` seconds. Nothing was charged.",
    headers: "rateLimited",
    examples: { limited: example("Too many requests", { code: "RATE_LIMITED", message: "Rate limit of 60 requests per minute exceeded. Retry after 12 s." }) },
  },
  REGISTRY_UNAVAILABLE: {
    description:
      "The national registry did not answer within the request's time budget (8 s), or cannot be asked now (an outage, or no " +
      "quota left). Nothing was charged and nothing was recorded. Always with `Retry-After`. After a timeout the lookup goes on: " +
      "the retry with the same Idempotency-Key gets its result (and pays then). Send `Prefer: respond-async` to get 202 `pending` " +
      "within 2 seconds instead of waiting. The same code with `Retry-After: 300` when the registry cannot answer for this one " +
      "national ID (it refuses it, or reports a status Hubi does not know): free, nothing recorded; check the ID, or retry later.",
    headers: "rateLimited",
    examples: {
      late: example(`Registry too slow (Retry-After: ${LOOKUP_RETRY_AFTER_SECONDS})`, { code: "REGISTRY_UNAVAILABLE", message: registryUnavailable(LOOKUP_RETRY_AFTER_SECONDS, true).message }),
      outage: example(`Registry outage (Retry-After: ${OUTAGE_RETRY_AFTER_SECONDS})`, { code: "REGISTRY_UNAVAILABLE", message: registryUnavailable(OUTAGE_RETRY_AFTER_SECONDS, false).message }),
    },
  },
  INTERNAL_ERROR: {
    description: "Unexpected server error. Nothing was charged; retrying with the same Idempotency-Key is safe.",
    headers: "basic",
    examples: { internal: example("Unexpected error", { code: "INTERNAL_ERROR", message: internalError().message }) },
  },
};

export type DocumentedErrorCode = keyof typeof ERROR_DOCS;

/**
 * The error responses of one operation; `only` narrows the examples to those that apply. Codes
 * that share a status (409) share its response: descriptions one after the other, all examples.
 */
export function errorResponses(codes: DocumentedErrorCode[], only: Partial<Record<DocumentedErrorCode, string[]>> = {}) {
  const byStatus = new Map<number, { descriptions: string[]; headers: ErrorDoc["headers"]; examples: [string, Example][] }>();
  for (const code of codes) {
    const doc = ERROR_DOCS[code];
    const names = only[code] ?? Object.keys(doc.examples);
    const response = byStatus.get(ERROR_STATUS[code]) ?? { descriptions: [], headers: doc.headers, examples: [] };
    response.descriptions.push(`\`${code}\`: ${doc.description}`);
    response.examples.push(...names.map((name): [string, Example] => [name, doc.examples[name]!]));
    byStatus.set(ERROR_STATUS[code], response);
  }
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, response] of byStatus) {
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: response.descriptions.join("\n\n"),
      headers: responseHeaders[response.headers],
      content: { "application/json": { schema: errorBodySchema, examples: Object.fromEntries(response.examples) } },
    };
  }
  return responses;
}
