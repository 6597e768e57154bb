/**
 * Reads a batch file as it streams in (product rules §18): CSV with a header row, or NDJSON with
 * one verify body per line. Bytes are counted and hashed on the way (for the limit and for
 * Idempotency-Key), rows are validated one by one and handed out in chunks; nothing holds the whole
 * file. A malformed file is a 400 naming the line; a bad row is not: it becomes an `invalid` row.
 */
import { createHash, type Hash } from "node:crypto";
import {
  BATCH_CONTENT_TYPES,
  BATCH_CSV_COLUMNS,
  BATCH_CSV_LIMITS,
  BATCH_MAX_BYTES,
  BATCH_MAX_ROWS,
  type BatchContentType,
} from "@/contracts/batches";
import { CONSENT_REQUIRED_MESSAGE, verifyCitizenRequestSchema } from "@/contracts/verifications";
import { CsvReadError, streamCsvRecords } from "@/server/csv/record-reader";
import { badRequest } from "@/server/errors";
import { fieldErrors } from "@/server/http/field-errors";
import type { ConsentPolicy } from "@/server/verifications/consent-policy";
import type { BatchInputRow } from "./chunk-input";

export type UploadChunk = { rows: BatchInputRow[] };
export type UploadSummary = { totalRows: number; digest: string };

const malformed = (line: number | null, message: string) =>
  badRequest("The batch file is malformed; nothing was created", [{ field: line === null ? "file" : `line ${line}`, message }]);

/** `text/csv` or `application/x-ndjson` (parameters such as charset allowed), or a 400. */
export function batchContentType(header: string | null): BatchContentType {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  const known = BATCH_CONTENT_TYPES.find((t) => t === type);
  if (!known) throw badRequest(`Content-Type must be ${BATCH_CONTENT_TYPES.join(" or ")}`);
  return known;
}

/**
 * Streams the rows of `body` in chunks of `chunkSize` to `onChunk` (awaited: the upload is read no
 * faster than the chunks are stored), and returns the row count and the file's digest.
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

/** The upload's bytes, passed on as they come: counted against the size limit, hashed, and checked to be UTF-8. */
function meter(hash: Hash): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let size = 0;
  let newlines = 0;
  return new TransformStream({
    transform(value, controller) {
      size += value.byteLength;
      if (size > BATCH_MAX_BYTES) throw malformed(null, `The file is larger than ${BATCH_MAX_BYTES / 1024 / 1024} MB`);
      hash.update(value);
      checkUtf8(decoder, value, newlines);
      newlines += countNewlines(value);
      controller.enqueue(value);
    },
    flush() {
      checkUtf8(decoder, undefined, newlines);
    },
  });
}

/** Bytes that are not UTF-8 are a 400 naming their line (`newlinesBefore` the piece, plus its own). */
function checkUtf8(decoder: TextDecoder, value: Uint8Array | undefined, newlinesBefore: number): void {
  try {
    if (value) decoder.decode(value, { stream: true });
    else decoder.decode();
  } catch {
    const text = value ? new TextDecoder().decode(value) : "";
    const bad = text.indexOf("\uFFFD");
    const line = newlinesBefore + 1 + (bad < 0 ? 0 : text.slice(0, bad).split("\n").length - 1);
    throw malformed(line, "The file is not UTF-8 text");
  }
}

function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b === 0x0a) n++;
  return n;
}

function countRow(counter: { rowCount: number }, line: number): void {
  counter.rowCount++;
  if (counter.rowCount > BATCH_MAX_ROWS) throw malformed(line, `The file has more than ${BATCH_MAX_ROWS.toLocaleString("en")} rows`);
}

/** A verify body, validated as verify validates it; a failure is the row's `invalid` reason. */
function toRow(body: unknown, policy: ConsentPolicy): BatchInputRow {
  const parsed = verifyCitizenRequestSchema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { error: errors.map((e) => e.message).join("; ") };
  }
  const v = parsed.data;
  if (policy.mode === "live" && policy.requireLiveConsent && !v.consent) return { error: CONSENT_REQUIRED_MESSAGE };
  return { nationalId: v.nationalId, purpose: v.purpose || null, match: v.match ?? null, consent: v.consent ?? null };
}

const ALLOWED = new Map(BATCH_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
type Column = (typeof BATCH_CSV_COLUMNS)[number];

/** The rows of a CSV file, a piece's worth at a time: its header names the columns, each record after it is a row. */
async function* csvRows(bytes: ReadableStream<Uint8Array>, policy: ConsentPolicy, counter: { rowCount: number }): AsyncGenerator<BatchInputRow[]> {
  let columns: Column[] | null = null;
  try {
    for await (const records of streamCsvRecords(bytes, BATCH_CSV_LIMITS)) {
      const rows: BatchInputRow[] = [];
      for (const { line, cells } of records) {
        if (!columns) {
          columns = csvHeader(line, cells);
          continue;
        }
        countRow(counter, line);
        rows.push(csvRow(columns, cells, policy));
      }
      yield rows;
    }
  } catch (error) {
    throw error instanceof CsvReadError ? malformed(error.line, error.message) : error;
  }
  if (!columns) throw malformed(1, "The file is empty: a header row naming the columns (nationalId, …) is required");
}

function csvHeader(line: number, cells: string[]): Column[] {
  const columns = cells.map((c) => ALLOWED.get(c.toLowerCase()));
  const unknown = cells.filter((_, i) => !columns[i]);
  if (unknown.length > 0) {
    throw malformed(line, `Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => JSON.stringify(c.slice(0, 40))).join(", ")}; the columns are ${BATCH_CSV_COLUMNS.join(", ")}`);
  }
  const known = columns as Column[];
  if (new Set(known).size !== known.length) throw malformed(line, "A column is named twice");
  if (!known.includes("nationalId")) throw malformed(line, "The header has no nationalId column");
  return known;
}

function csvRow(columns: Column[], cells: string[], policy: ConsentPolicy): BatchInputRow {
  if (cells.length !== columns.length) return { error: `The row has ${cells.length} cells; the header has ${columns.length}` };
  const cell = (name: Column) => {
    const i = columns.indexOf(name);
    return i < 0 || cells[i] === "" ? undefined : cells[i];
  };
  const fullName = cell("fullName");
  const dateOfBirth = cell("dateOfBirth");
  const obtainedAt = cell("consentObtainedAt");
  const method = cell("consentMethod");
  const reference = cell("consentReference");
  return toRow(
    {
      nationalId: cell("nationalId") ?? "",
      purpose: cell("purpose"),
      match: fullName !== undefined || dateOfBirth !== undefined ? { fullName, dateOfBirth } : undefined,
      consent: obtainedAt !== undefined || method !== undefined || reference !== undefined ? { obtainedAt, method, reference } : undefined,
    },
    policy,
  );
}

/** A verify body is at most 16 KiB (as on verify): a longer line is not one. */
const MAX_LINE_CHARS = 16 * 1024;
const tooLong = (line: number) => malformed(line, `The line is longer than ${MAX_LINE_CHARS / 1024} KiB`);

/** The rows of an NDJSON file, a piece's worth at a time: one verify body per line; a line that is not JSON ends the file with a 400. */
async function* ndjsonRows(bytes: ReadableStream<Uint8Array>, policy: ConsentPolicy, counter: { rowCount: number }): AsyncGenerator<BatchInputRow[]> {
  const decoder = new TextDecoder();
  let line = 0;
  let rest = "";
  for await (const chunk of bytes) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop()!;
    if (rest.length > MAX_LINE_CHARS) throw tooLong(line + lines.length + 1);
    yield lines.flatMap((body) => [...ndjsonRow(body, ++line, policy, counter)]);
  }
  yield [...ndjsonRow(rest + decoder.decode(), ++line, policy, counter)];
}

function* ndjsonRow(text: string, line: number, policy: ConsentPolicy, counter: { rowCount: number }): Generator<BatchInputRow> {
  if (text.length > MAX_LINE_CHARS) throw tooLong(line);
  const trimmed = text.trim();
  if (trimmed === "") return;
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    throw malformed(line, "The line is not valid JSON: each line must be one verify request body");
  }
  countRow(counter, line);
  if (body === null || typeof body !== "object" || Array.isArray(body)) yield { error: "The line must be a JSON object" };
  else yield toRow(body, policy);
}
