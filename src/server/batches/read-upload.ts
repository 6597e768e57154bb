/**
 * Reads a batch file as it streams in (product rules §18): CSV with a header row, or NDJSON with
 * one verify body per line. Bytes are counted and hashed on the way (for the limit and for
 * Idempotency-Key), rows are validated one by one and handed out in chunks; nothing holds the whole
 * file. A malformed file is a 400 naming the line; a bad row is not: it becomes an `invalid` row.
 */
import { createHash } from "node:crypto";
import { BATCH_CONTENT_TYPES, type BatchContentType } from "@/contracts/batches";
import { badRequest } from "@/server/errors";
import type { ConsentPolicy } from "@/server/verifications/consent-policy";
import type { BatchInputRow } from "./chunk-input";
import { meter } from "./upload-bytes";
import { csvRows } from "./upload-csv";
import { ndjsonRows } from "./upload-ndjson";
import { malformed } from "./upload-rows";

export type UploadChunk = { rows: BatchInputRow[] };
export type UploadSummary = { totalRows: number; digest: string };

/** `text/csv` or `application/x-ndjson` (parameters such as charset allowed), or a 400. */
export function batchContentType(header: string | null): BatchContentType {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  const known = BATCH_CONTENT_TYPES.find((t) => t === type);
  if (!known) throw badRequest(`Content-Type must be ${BATCH_CONTENT_TYPES.join(" or ")}`);
  return known;
}

/**
 * Streams the rows of `body` in chunks of `chunkSize` to `onChunk` (awaited: the upload is read no
 * faster than the chunks are spooled), and returns the row count and the file's digest.
 */
export async function readUpload(
  body: ReadableStream<Uint8Array> | null,
  type: BatchContentType,
  policy: ConsentPolicy,
  chunkSize: number,
  onChunk: (chunk: UploadChunk) => Promise<void>,
): Promise<UploadSummary> {
  const hash = createHash("sha256").update(`${type}\n`);
  const bytes = (body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() })).pipeThrough(meter(hash));
  const counter = { rowCount: 0 };
  let pending: BatchInputRow[] = [];
  for await (const rows of type === "text/csv" ? csvRows(bytes, policy, counter) : ndjsonRows(bytes, policy, counter)) {
    for (const row of rows) {
      pending.push(row);
      if (pending.length === chunkSize) {
        const rowsOfChunk = pending;
        pending = [];
        await onChunk({ rows: rowsOfChunk });
      }
    }
  }
  if (counter.rowCount === 0) throw malformed(null, type === "text/csv" ? "The file has no data rows under its header" : "The file has no rows");
  if (pending.length > 0) await onChunk({ rows: pending });
  return { totalRows: counter.rowCount, digest: hash.digest("hex") };
}
