/**
 * Reads a JSON request body with a hard size limit (counted while streaming, so a huge body is
 * cut off, never buffered) and clear messages for each way it can be wrong.
 */
import { badRequest } from "@/server/errors";

export const BODY_LIMIT_BYTES = 16 * 1024;

export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw badRequest("Content-Type must be application/json");
  }
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > BODY_LIMIT_BYTES) throw tooLarge();
  const text = await readLimited(req);
  if (text.trim() === "") throw badRequest("The request body is empty; send a JSON object");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw badRequest("The request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

const tooLarge = () => badRequest(`The request body is too large (limit ${BODY_LIMIT_BYTES / 1024} KiB)`);

async function readLimited(req: Request): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}
