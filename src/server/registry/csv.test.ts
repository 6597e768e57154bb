import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

describe("parseCsv (RFC 4180)", () => {
  it("reads a header (lower-cased) and rows with their line numbers", () => {
    expect(parseCsv("A,B\n1,2\n3,4\n")).toEqual({
      header: ["a", "b"],
      rows: [
        { line: 2, cells: ["1", "2"] },
        { line: 3, cells: ["3", "4"] },
      ],
    });
  });

  it("handles quoted fields with commas, doubled quotes and embedded newlines; line numbers count physical lines", () => {
    const text = 'name,note\n"Abdi, Hassan","He said ""hi"""\n"multi\nline\nnote",x\nlast,row';
    expect(parseCsv(text).rows).toEqual([
      { line: 2, cells: ["Abdi, Hassan", 'He said "hi"'] },
      { line: 3, cells: ["multi\nline\nnote", "x"] },
      { line: 6, cells: ["last", "row"] },
    ]);
  });

  it("accepts CRLF line endings, also inside quoted fields", () => {
    const text = 'a,b\r\n1,2\r\n"x\r\ny",3\r\n4,5\r\n';
    expect(parseCsv(text).rows).toEqual([
      { line: 2, cells: ["1", "2"] },
      { line: 3, cells: ["x\r\ny", "3"] },
      { line: 5, cells: ["4", "5"] },
    ]);
  });

  it("strips a UTF-8 byte order mark from the header", () => {
    expect(parseCsv("\uFEFFnational_id,status\n1,active").header).toEqual(["national_id", "status"]);
  });

  it("skips blank lines but keeps counting them; a last line without newline is read", () => {
    expect(parseCsv("h\n\n1\n\n\n2").rows).toEqual([
      { line: 3, cells: ["1"] },
      { line: 6, cells: ["2"] },
    ]);
  });

  it("trims cells and keeps empty cells", () => {
    expect(parseCsv("a,b,c\n  x , ,z\n").rows).toEqual([{ line: 2, cells: ["x", "", "z"] }]);
  });

  it("a record past a bound is refused with the line it starts on: too many cells, a long cell or record, a quote never closed", () => {
    const refusal = (text: string) => () => parseCsv(text);
    expect(refusal(`a,b\n1,2\n\n${",".repeat(1_000_000)}`)).toThrow("The CSV file cannot be read: line 4: The record has more than 32 cells");
    expect(refusal(`a,b\n1,${"x".repeat(1025)}\n`)).toThrow("line 2: A cell is longer than 1,024 characters");
    expect(refusal(`a,b\n1,"${"x\n".repeat(1_000_000)}`)).toThrow("line 2: A cell is longer than 1,024 characters");
    expect(refusal(`a,b\n${`${"y".repeat(1000)},`.repeat(17)}\n`)).toThrow("line 2: The record is longer than 16,384 characters");
    expect(refusal('a,b\n1,"open\n2,3\n')).toThrow("line 2: A quoted field is never closed");
    expect(parseCsv(`a,b\n${"x,".repeat(31)}x\n`).rows[0]!.cells).toHaveLength(32);
  });

  it("an empty file has no header and no rows", () => {
    expect(parseCsv("")).toEqual({ header: [], rows: [] });
  });
});
