/**
 * RFC 4180 CSV: quoted fields, doubled quotes, commas and newlines inside quotes, CRLF or LF.
 * Returns the lower-cased header and each data row with its 1-based line number in the file.
 */
export function parseCsv(text: string): { header: string[]; rows: { line: number; cells: string[] }[] } {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const src = text.replace(/^\uFEFF/, "");
  const endRecord = () => {
    cells.push(field);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: recordLine, cells: cells.map((c) => c.trim()) });
    cells = [];
    field = "";
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        field += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      cells.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += ch;
  }
  if (field !== "" || cells.length > 0) endRecord();
  const [head, ...rows] = records;
  return { header: (head?.cells ?? []).map((h) => h.toLowerCase()), rows };
}
