import type { Hash } from "node:crypto";
import { BATCH_MAX_BYTES } from "@/contracts/batches";
import { malformed } from "./upload-rows";

/** The upload's bytes, passed on as they come: counted against the size limit, hashed, and checked to be UTF-8. */
export function meter(hash: Hash): TransformStream<Uint8Array, Uint8Array> {
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
