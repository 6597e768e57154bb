/**
 * RFC 4180 CSV of a whole text (src/server/csv/record-reader.ts reads it). Returns the lower-cased
 * header and each data row with its 1-based line number in the file.
 */
import { CsvRecordReader } from "@/server/csv/record-reader";

export function parseCsv(text: string): { header: string[]; rows: { line: number; cells: string[] }[] } {
  const reader = new CsvRecordReader();
  const [head, ...rows] = [...reader.push(text), ...reader.end()];
  return { header: (head?.cells ?? []).map((h) => h.toLowerCase()), rows };
}
