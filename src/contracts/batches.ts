/**
 * The batch contract of /api/v1 (product rules §18): a file of verify requests, processed in the
 * background, and one result line per input row. Handlers validate with these, the OpenAPI document
 * and the client library's types come from them.
 */
import { z } from "zod";
import { matchResultSchema, paginationSchema, verificationResultSchema } from "./verifications";
import { cursor, wholeNumber } from "./query-fields";

export const BATCH_MAX_ROWS = 1_000_000;
export const BATCH_MAX_BYTES = 100 * 1024 * 1024;
export const BATCH_CONTENT_TYPES = ["text/csv", "application/x-ndjson"] as const;
export type BatchContentType = (typeof BATCH_CONTENT_TYPES)[number];

/** CSV columns; `nationalId` is required, the others optional (empty cell = not sent). */
export const BATCH_CSV_COLUMNS = ["nationalId", "purpose", "fullName", "dateOfBirth", "consentObtainedAt", "consentMethod", "consentReference"] as const;

/**
 * Bounds on one CSV record, so that no file can make the reader's memory grow with its size (a line
 * of commas, a quote never closed). A row has at most seven columns of at most 200 characters: the
 * bounds are far above any real row, the same 16 KiB as an NDJSON line or a verify body.
 */
export const BATCH_CSV_LIMITS = { recordChars: 16 * 1024, cellChars: 1024, cells: 32 } as const;

export const batchStatusSchema = z.enum(["queued", "processing", "completed", "cancelled", "failed"]).meta({
  id: "BatchStatus",
  description:
    "`queued`: waiting for a worker. `processing`: rows are being verified. `completed`: every row has its result. " +
    "`cancelled`: stopped on request; rows not yet processed have the result `cancelled` and cost nothing. `failed`: stopped by an error on our side.",
});

export const batchCountsSchema = z
  .object({
    verified: z.number().int(),
    not_found: z.number().int(),
    expired: z.number().int(),
    revoked: z.number().int(),
    deceased: z.number().int(),
    invalid: z.number().int().meta({ description: "Rows that failed validation (the result line says why); no lookup, no charge." }),
    insufficient_credits: z.number().int().meta({ description: "Rows not verified because the live credit balance ran out; no charge." }),
    registry_error: z
      .number()
      .int()
      .meta({ description: "Rows the national registry could not answer for (it refused the ID, or answered a status Hubi does not know); no charge, not retried." }),
  })
  .meta({ id: "BatchCounts", description: "Processed rows by outcome." });

export const batchSchema = z
  .object({
    id: z.uuid().meta({ example: "7d3f0c2a-9b1e-4f6d-8a5c-2e4b6d8f0a1c" }),
    status: batchStatusSchema,
    mode: z.enum(["test", "live"]),
    totalRows: z.number().int().meta({ description: "Data rows in the file (the CSV header not counted).", example: 25000 }),
    processedRows: z.number().int().meta({ description: "Rows with a result so far (cancelled rows not counted).", example: 12000 }),
    counts: batchCountsSchema,
    creditsUsed: z.number().int().meta({ description: "Live credits charged: one per verified, not_found, expired, revoked or deceased row.", example: 11890 }),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable().meta({ description: "When the batch reached `completed`, `cancelled` or `failed`." }),
  })
  .meta({ id: "Batch" });

export const batchResponseSchema = z
  .object({ message: z.string().meta({ example: "Batch accepted" }), data: batchSchema })
  .meta({ id: "BatchResponse" });

export const listBatchesQuerySchema = z.strictObject({
  page: wholeNumber("page", 1, Number.MAX_SAFE_INTEGER).optional().meta({ description: "Page number, from 1.", example: "1" }),
  limit: wholeNumber("limit", 1, 100).optional().meta({ description: "Items per page, 1 to 100 (default 20).", example: "20" }),
  startingAfter: cursor("startingAfter", "batch").optional().meta({ description: "A batch `id`: returns the page of older batches that follows it." }),
});
export type ListBatchesQuery = z.output<typeof listBatchesQuerySchema>;

export const listBatchesResponseSchema = z
  .object({ message: z.string().meta({ example: "Batches retrieved" }), data: z.array(batchSchema), pagination: paginationSchema })
  .meta({ id: "ListBatchesResponse" });

export const batchRowResultSchema = z
  .enum([...verificationResultSchema.options, "invalid", "insufficient_credits", "registry_error", "cancelled"])
  .meta({ id: "BatchRowResult", description: "The row's outcome: a verification result, or why the row was not verified. Clients must tolerate values they do not know." });

export const batchResultLineSchema = z
  .object({
    row: z.number().int().meta({ description: "The input row, from 1 (the CSV header not counted).", example: 1 }),
    result: batchRowResultSchema,
    reference: z.string().nullable().meta({ description: "The verification's certificate reference; `null` when the row was not verified.", example: "HV-20261122-7KQ2M9XD" }),
    verificationId: z.uuid().nullable().meta({ description: "The verification in the history (channel `batch`); `null` when the row was not verified." }),
    match: matchResultSchema.nullable().optional(),
    error: z
      .string()
      .optional()
      .meta({ description: "Why an `invalid` row was refused, or why the registry gave a `registry_error` row no answer.", example: "National ID must be exactly 11 digits" }),
  })
  .meta({ id: "BatchResultLine", description: "One line of the results, per input row, in input order. Never citizen details." });

export const BATCH_PROCESSING_MESSAGE =
  "The batch is still processing: its results are available once its status is completed, cancelled or failed.";

export const batchIdSchema = z.uuid({ error: "id must be a batch id (UUID)" });

export type Batch = z.infer<typeof batchSchema>;
export type BatchStatus = z.infer<typeof batchStatusSchema>;
export type BatchCounts = z.infer<typeof batchCountsSchema>;
export type BatchResultLine = z.infer<typeof batchResultLineSchema>;
export type BatchRowResult = z.infer<typeof batchRowResultSchema>;
