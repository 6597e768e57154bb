import type { ConsentPolicy } from "@/server/verifications/consent-policy";
import type { BatchInputRow } from "./chunk-input";
import { countRow, malformed, toRow, type RowCounter } from "./upload-rows";

/** A verify body is at most 16 KiB (as on verify): a longer line is not one. */
const MAX_LINE_CHARS = 16 * 1024;
const tooLong = (line: number) => malformed(line, `The line is longer than ${MAX_LINE_CHARS / 1024} KiB`);

/** The rows of an NDJSON file, a piece's worth at a time: one verify body per line; a line that is not JSON ends the file with a 400. */
export async function* ndjsonRows(bytes: ReadableStream<Uint8Array>, policy: ConsentPolicy, counter: RowCounter): AsyncGenerator<BatchInputRow[]> {
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

function* ndjsonRow(text: string, line: number, policy: ConsentPolicy, counter: RowCounter): Generator<BatchInputRow> {
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
