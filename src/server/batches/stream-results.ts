/**
 * A batch's results, one line per input row in input order, as NDJSON or CSV, streamed page by
 * page from the database (never the whole result set in memory). Available once the batch has
 * ended; lines carry the outcome, the verification's reference and id, match results and the
 * reason of an invalid row: never citizen details, never the national ID.
 */
import { BATCH_PROCESSING_MESSAGE, type BatchResultLine } from "@/contracts/batches";
import type { MatchResult } from "@/contracts/verifications";
import type { Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { conflict } from "@/server/errors";
import { csvLine } from "@/server/csv/write-line";
import { getBatch } from "./get-batch";

export type ResultsFormat = "ndjson" | "csv";

const PAGE_ROWS = 5_000;

/** CSV when the client asks for it (Accept: text/csv), NDJSON otherwise. */
export const resultsFormat = (accept: string | null): ResultsFormat => (/\btext\/csv\b/i.test(accept ?? "") ? "csv" : "ndjson");

type ResultRow = { row_no: number; result: BatchResultLine["result"]; reference: string | null; verification_id: string | null; match: MatchResult | null; error: string | null };

export const CSV_HEADER = ["row", "result", "reference", "verificationId", "matchFullName", "matchFullNameScore", "matchDateOfBirth", "error"];

export async function streamBatchResults(
  ctx: ServiceContext,
  input: { businessId: string; mode: Mode; id: string; format: ResultsFormat },
): Promise<ReadableStream<Uint8Array>> {
  const batch = await getBatch(ctx, input);
  if (batch.status === "queued" || batch.status === "processing") {
    throw conflict(BATCH_PROCESSING_MESSAGE, { "Retry-After": "5" });
  }
  const encoder = new TextEncoder();
  const line = input.format === "csv" ? csvRow : (r: ResultRow) => `${JSON.stringify(toLine(r))}\n`;
  let after = 0;
  let headerSent = input.format !== "csv";
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(CSV_HEADER)));
        return;
      }
      const { rows } = await pool().query<ResultRow>(
        "SELECT row_no, result, reference, verification_id, match, error FROM batch_result WHERE batch_id = $1 AND row_no > $2 ORDER BY row_no LIMIT $3",
        [batch.id, after, PAGE_ROWS],
      );
      if (rows.length === 0) {
        controller.close();
        return;
      }
      after = rows[rows.length - 1]!.row_no;
      controller.enqueue(encoder.encode(rows.map(line).join("")));
    },
  });
}

function toLine(r: ResultRow): BatchResultLine {
  return {
    row: r.row_no,
    result: r.result,
    reference: r.reference,
    verificationId: r.verification_id,
    ...(r.match ? { match: r.match } : {}),
    ...(r.error ? { error: r.error } : {}),
  };
}

function csvRow(r: ResultRow): string {
  const cells = [r.row_no, r.result, r.reference, r.verification_id, r.match?.fullName?.result, r.match?.fullName?.score, r.match?.dateOfBirth?.result, r.error];
  return csvLine(cells.map((c) => (c === null || c === undefined ? "" : String(c))));
}
