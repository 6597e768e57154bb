/**
 * RFC 4180 CSV of a whole text (src/server/csv/record-reader.ts reads it, with the same bounds on a
 * record as a batch file). Returns the lower-cased header and each data row with its 1-based line
 * number in the file; a file that cannot be read is a 400 naming the line.
 */
import { BATCH_CSV_LIMITS } from "@/contracts/batches";
import { CsvReadError, readCsvRecords } from "@/server/csv/record-reader";
import { badRequest } from "@/server/errors";

export function parseCsv(text: string): { header: string[]; rows: { line: number; cells: string[] }[] } {
  let records;
  try {
    records = readCsvRecords(text, BATCH_CSV_LIMITS);
  } catch (error) {
    if (error instanceof CsvReadError) throw badRequest(`The CSV file cannot be read: line ${error.line}: ${error.message}`);
    throw error;
  }
  const [head, ...rows] = records;
  return { header: (head?.cells ?? []).map((h) => h.toLowerCase()), rows };
}
