/**
 * The batch operations of /api/v1 (product rules §18): a file of verify requests in, one result
 * line per row out. Declared like every operation (src/server/api/operations.ts lists them).
 */
import { LIMITS } from "@/contracts/limits";
import { z } from "zod";
import {
  BATCH_MAX_ROWS,
  batchResponseSchema,
  batchResultLineSchema,
  listBatchesQuerySchema,
  listBatchesResponseSchema,
} from "@/contracts/batches";
import { idempotencyKeySchema } from "@/contracts/verifications";
import { IDEMPOTENCY_KEY_HEADER } from "@/contracts/headers";
import {
  batchResultLineExample,
  createBatchResponseExample,
  getBatchResponseExample,
  listBatchesResponseExample,
} from "@/server/openapi/examples";
import { listBatchesQueryParams } from "@/server/openapi/query-params";
import { defineOperation } from "./operation";

const BATCH_LIMIT = `Rate limit: ${LIMITS.batchCreationsPerMinute} batch creations per minute (their own group); rows do not count against the verify limit.`;
const READ = `Free. Rate limit: ${LIMITS.defaultPerMinute} per minute (shared with the other reads).`;
const batchId = z.object({ id: z.string().meta({ description: "The batch's `id` (a UUID).", example: "7d3f0c2a-9b1e-4f6d-8a5c-2e4b6d8f0a1c" }) });

export const createBatchOperation = defineOperation({
  method: "post",
  path: "/batches",
  group: "batch",
  response: batchResponseSchema,
  status: 202,
  upload: {
    contentTypes: ["text/csv", "application/x-ndjson"],
    description:
      "`text/csv`: a header row, then one row per verification. Columns (any order, names as written, case-insensitive): " +
      "`nationalId` (required), `purpose`, `fullName` and `dateOfBirth` (identity match), `consentObtainedAt`, `consentMethod`, " +
      "`consentReference` (consent); an empty cell is a field not sent. `application/x-ndjson`: one verify request body " +
      "(as for POST /verify/citizen) per line.",
  },
  idempotent: { replay: (stored) => stored },
  docs: {
    operationId: "createBatch",
    tags: ["Batches"],
    summary: "Verify a file of national IDs",
    description:
      `${BATCH_LIMIT}\n\nUp to ${BATCH_MAX_ROWS.toLocaleString("en")} rows and 100 MB, streamed. Answers 202 at once with the batch ` +
      "(`queued`); workers verify its rows in the background: poll GET /batches/{id} or wait for the `batch_completed` event, then " +
      "read GET /batches/{id}/results. Each row is a verification in the history (channel `batch`) and costs 1 credit in live mode; " +
      "when the balance runs out the remaining rows get `insufficient_credits` and cost nothing. A malformed file (not CSV or NDJSON, " +
      "no `nationalId` column, over the limits) is a 400 whose `errors[]` names the line, and nothing is created; a bad row is not: it " +
      "becomes an `invalid` result with the reason. When the business requires consent for live verifications, a live row without " +
      "consent is `invalid`. A row the national registry cannot answer for (it refuses the ID, or answers a status Hubi does not know) " +
      "gets `registry_error`, costs nothing and is not retried; the other rows go on. Rows raise no `verification_completed` event. With an `Idempotency-Key`, the same key and file answer " +
      "the same batch. Not for `read_only` keys.",
    requestParams: { header: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }) },
    response: { description: "The batch, accepted and queued. With `Idempotent-Replayed: true` on a replay.", headers: "verified", example: createBatchResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "CONFLICT", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["batchFile", "idempotencyKey"], FORBIDDEN: ["suspended", "addressNotAllowed", "readOnlyBatch"], CONFLICT: ["payload"] },
  },
});

export const listBatchesOperation = defineOperation({
  method: "get",
  path: "/batches",
  group: "read",
  query: listBatchesQuerySchema,
  response: listBatchesResponseSchema,
  docs: {
    operationId: "listBatches",
    tags: ["Batches"],
    summary: "List batches",
    description: `${READ}\n\nNewest first. Only the calling business's batches in the key's mode.`,
    requestParams: { query: listBatchesQueryParams },
    response: { description: "One page of batches.", headers: "limited", example: listBatchesResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["limit"], FORBIDDEN: ["suspended", "addressNotAllowed"] },
  },
});

export const getBatchOperation = defineOperation({
  method: "get",
  path: "/batches/{id}",
  group: "read",
  response: batchResponseSchema,
  docs: {
    operationId: "getBatch",
    tags: ["Batches"],
    summary: "Retrieve a batch",
    description: `${READ}\n\nIts status and counts so far. A batch of another business or of the other mode, or a malformed id, is 404.`,
    requestParams: { path: batchId },
    response: { description: "The batch.", headers: "limited", example: getBatchResponseExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["queryParameter"], FORBIDDEN: ["suspended", "addressNotAllowed"], NOT_FOUND: ["missingBatch"] },
  },
});

export const cancelBatchOperation = defineOperation({
  method: "post",
  path: "/batches/{id}/cancel",
  group: "read",
  response: batchResponseSchema,
  docs: {
    operationId: "cancelBatch",
    tags: ["Batches"],
    summary: "Cancel a batch",
    description:
      `${READ}\n\nRows not yet processed end with the result \`cancelled\` and cost nothing; a chunk of rows already being processed ` +
      "finishes first. Idempotent: cancelling an ended batch answers it unchanged. Not for `read_only` keys. 404 rules as for retrieve.",
    requestParams: { path: batchId },
    response: { description: "The batch, cancelled (or as it ended).", headers: "limited", example: { ...getBatchResponseExample, message: "Batch cancelled" } },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["queryParameter"], FORBIDDEN: ["suspended", "addressNotAllowed", "readOnlyBatch"], NOT_FOUND: ["missingBatch"] },
  },
});

export const getBatchResultsOperation = defineOperation({
  method: "get",
  path: "/batches/{id}/results",
  group: "read",
  response: batchResultLineSchema,
  produces: ["application/x-ndjson", "text/csv"],
  docs: {
    operationId: "getBatchResults",
    tags: ["Batches"],
    summary: "Download a batch's results",
    description:
      `${READ}\n\nOne line per input row, in input order, streamed: NDJSON (\`Accept: application/x-ndjson\`, the default) or CSV ` +
      "(`Accept: text/csv`; columns row, result, reference, verificationId, matchFullName, matchFullNameScore, matchDateOfBirth, error). " +
      "Never citizen details. Available once the batch has ended (completed, cancelled or failed); before that, 409 with `Retry-After`.",
    requestParams: { path: batchId },
    response: { description: "The result lines (each line one `BatchResultLine`).", headers: "limited", example: batchResultLineExample },
    errors: ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED", "INTERNAL_ERROR"],
    errorExamples: { BAD_REQUEST: ["queryParameter"], FORBIDDEN: ["suspended", "addressNotAllowed"], NOT_FOUND: ["missingBatch"], CONFLICT: ["batchProcessing"] },
  },
});

export const BATCH_OPERATIONS = [createBatchOperation, listBatchesOperation, getBatchOperation, cancelBatchOperation, getBatchResultsOperation];
