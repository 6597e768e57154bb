/**
 * Reads a batch file as it streams in (product rules §18): CSV with a header row, or NDJSON with
 * one verify body per line. Bytes are counted and hashed on the way (for the limit and for
 * Idempotency-Key), rows are validated one by one and handed out in chunks; nothing holds the whole
 * file. A malformed file is a 400 naming the line; a bad row is not: it becomes an `invalid` row.
 */
import { createHash } from "node:crypto";
import {
  BATCH_CONTENT_TYPES,
  BATCH_CSV_COLUMNS,
  BATCH_MAX_BYTES,
  BATCH_MAX_ROWS,
  type BatchContentType,
} from "@/contracts/batches";
import { CONSENT_REQUIRED_MESSAGE, verifyCitizenRequestSchema } from "@/contracts/verifications";
import { CsvRecordReader } from "@/server/csv/record-reader";
import { badRequest } from "@/server/errors";
import { fieldErrors } from "@/server/http/field-errors";
import type { ConsentPolicy } from "@/server/services/verifications/consent-policy";
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
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parser = type === "text/csv" ? new CsvRows(policy) : new NdjsonRows(policy);
  let bytes = 0;
  let newlines = 0;
  let pending: BatchInputRow[] = [];
  const take = async (rows: BatchInputRow[]) => {
    for (const row of rows) {
      pending.push(row);
      if (pending.length === chunkSize) {
        const rowsOfChunk = pending;
        pending = [];
        await onChunk({ rows: rowsOfChunk });
      }
    }
  };
  if (body) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > BATCH_MAX_BYTES) throw malformed(null, `The file is larger than ${BATCH_MAX_BYTES / 1024 / 1024} MB`);
        hash.update(value);
        await take(parser.push(decode(decoder, value, newlines)));
        newlines += countNewlines(value);
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
  }
  await take(parser.push(decode(decoder, undefined, newlines)));
  await take(parser.end());
  if (parser.rowCount === 0) throw malformed(null, type === "text/csv" ? "The file has no data rows under its header" : "The file has no rows");
  if (pending.length > 0) await onChunk({ rows: pending });
  return { totalRows: parser.rowCount, digest: hash.digest("hex") };
}

/** The piece as text; bytes that are not UTF-8 are a 400 naming their line (`newlinesBefore` the piece, plus its own). */
function decode(decoder: TextDecoder, value: Uint8Array | undefined, newlinesBefore: number): string {
  try {
    return value ? decoder.decode(value, { stream: true }) : decoder.decode();
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

function countRow(parser: { rowCount: number }, line: number): void {
  parser.rowCount++;
  if (parser.rowCount > BATCH_MAX_ROWS) throw malformed(line, `The file has more than ${BATCH_MAX_ROWS.toLocaleString("en")} rows`);
}

type RowParser = { rowCount: number; lastLine: number; push(text: string): BatchInputRow[]; end(): BatchInputRow[] };

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

class CsvRows implements RowParser {
  rowCount = 0;
  lastLine = 1;
  private readonly reader = new CsvRecordReader();
  private columns: (typeof BATCH_CSV_COLUMNS)[number][] | null = null;

  constructor(private readonly policy: ConsentPolicy) {}

  push(text: string): BatchInputRow[] {
    return this.rows(this.reader.push(text));
  }

  end(): BatchInputRow[] {
    const open = this.reader.openQuoteLine;
    if (open !== null) throw malformed(open, "A quoted field is never closed");
    const rows = this.rows(this.reader.end());
    if (!this.columns) throw malformed(1, "The file is empty: a header row naming the columns (nationalId, …) is required");
    return rows;
  }

  private rows(records: { line: number; cells: string[] }[]): BatchInputRow[] {
    const out: BatchInputRow[] = [];
    for (const { line, cells } of records) {
      this.lastLine = line;
      if (!this.columns) {
        this.columns = this.header(line, cells);
        continue;
      }
      countRow(this, line);
      out.push(this.row(cells));
    }
    return out;
  }

  private header(line: number, cells: string[]) {
    const columns = cells.map((c) => ALLOWED.get(c.toLowerCase()));
    const unknown = cells.filter((_, i) => !columns[i]);
    if (unknown.length > 0) {
      throw malformed(line, `Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((c) => JSON.stringify(c.slice(0, 40))).join(", ")}; the columns are ${BATCH_CSV_COLUMNS.join(", ")}`);
    }
    const known = columns as (typeof BATCH_CSV_COLUMNS)[number][];
    if (new Set(known).size !== known.length) throw malformed(line, "A column is named twice");
    if (!known.includes("nationalId")) throw malformed(line, "The header has no nationalId column");
    return known;
  }

  private row(cells: string[]): BatchInputRow {
    if (cells.length !== this.columns!.length) return { error: `The row has ${cells.length} cells; the header has ${this.columns!.length}` };
    const cell = (name: (typeof BATCH_CSV_COLUMNS)[number]) => {
      const i = this.columns!.indexOf(name);
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
      this.policy,
    );
  }
}

/** A verify body is at most 16 KiB (as on verify): a longer line is not one. */
const MAX_LINE_CHARS = 16 * 1024;

class NdjsonRows implements RowParser {
  rowCount = 0;
  lastLine = 0;
  private rest = "";

  constructor(private readonly policy: ConsentPolicy) {}

  push(text: string): BatchInputRow[] {
    const lines = (this.rest + text).split("\n");
    this.rest = lines.pop()!;
    if (this.rest.length > MAX_LINE_CHARS) throw malformed(this.lastLine + lines.length + 1, `The line is longer than ${MAX_LINE_CHARS / 1024} KiB`);
    return lines.flatMap((line) => this.line(line));
  }

  end(): BatchInputRow[] {
    const last = this.line(this.rest);
    this.rest = "";
    return last;
  }

  private line(text: string): BatchInputRow[] {
    this.lastLine++;
    const trimmed = text.trim();
    if (trimmed === "") return [];
    let body: unknown;
    try {
      body = JSON.parse(trimmed);
    } catch {
      throw malformed(this.lastLine, "The line is not valid JSON: each line must be one verify request body");
    }
    countRow(this, this.lastLine);
    if (body === null || typeof body !== "object" || Array.isArray(body)) return [{ error: "The line must be a JSON object" }];
    return [toRow(body, this.policy)];
  }
}
