import { BATCH_CSV_COLUMNS, BATCH_CSV_LIMITS } from "@/contracts/batches";
import { CsvReadError, streamCsvRecords } from "@/server/csv/record-reader";
import type { ConsentPolicy } from "@/server/verifications/consent-policy";
import type { BatchInputRow } from "./chunk-input";
import { countRow, malformed, toRow, type RowCounter } from "./upload-rows";

const ALLOWED = new Map(BATCH_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
type Column = (typeof BATCH_CSV_COLUMNS)[number];

/** The rows of a CSV file, a piece's worth at a time: its header names the columns, each record after it is a row. */
export async function* csvRows(bytes: ReadableStream<Uint8Array>, policy: ConsentPolicy, counter: RowCounter): AsyncGenerator<BatchInputRow[]> {
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
