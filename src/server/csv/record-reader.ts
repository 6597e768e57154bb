/**
 * RFC 4180 CSV, read incrementally: quoted fields, doubled quotes, commas and newlines inside
 * quotes, CRLF or LF. Text is pushed in pieces of any size (a streamed upload), and each complete
 * record comes out with the 1-based line of the file it starts on; blank lines are skipped and
 * cells are trimmed.
 */
export type CsvRecord = { line: number; cells: string[] };

export class CsvRecordReader {
  private cells: string[] = [];
  private field = "";
  private quoted = false;
  /** The previous piece ended on a quote inside a quoted field: an escape or the closing quote. */
  private pendingQuote = false;
  private pendingCr = false;
  private line = 1;
  private recordLine = 1;
  private started = false;

  /** The records completed by this piece of text. */
  push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    let src = text;
    if (!this.started) {
      src = src.replace(/^\uFEFF/, "");
      this.started = src.length > 0;
    }
    for (let i = 0; i < src.length; i++) {
      const ch = src[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        if (ch === "\n") continue;
      }
      if (this.pendingQuote) {
        this.pendingQuote = false;
        if (ch === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (ch === '"') this.pendingQuote = true;
        else {
          if (ch === "\n") this.line++;
          this.field += ch;
        }
      } else if (ch === '"') this.quoted = true;
      else if (ch === ",") {
        this.cells.push(this.field);
        this.field = "";
      } else if (ch === "\n" || ch === "\r") {
        this.pendingCr = ch === "\r";
        this.endRecord(out);
        this.line++;
        this.recordLine = this.line;
      } else this.field += ch;
    }
    return out;
  }

  /** The line of the record whose quoted field is still open (at the end of the file: never closed), or null. */
  get openQuoteLine(): number | null {
    return this.quoted && !this.pendingQuote ? this.recordLine : null;
  }

  /** The last record (a file need not end with a newline); an open quote runs to the end of the file. */
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.field !== "" || this.cells.length > 0) this.endRecord(out);
    return out;
  }

  private endRecord(out: CsvRecord[]): void {
    this.cells.push(this.field);
    if (this.cells.length > 1 || this.cells[0] !== "") out.push({ line: this.recordLine, cells: this.cells.map((c) => c.trim()) });
    this.cells = [];
    this.field = "";
  }
}
