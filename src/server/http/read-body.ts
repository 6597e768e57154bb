/**
 * Reads a JSON request body with a hard size limit (counted while streaming, so a huge body is
 * cut off, never buffered) and clear messages for each way it can be wrong.
 */
import { badRequest } from "@/server/errors";
import { readTextWithin } from "./read-limited";

export const BODY_LIMIT_BYTES = 16 * 1024;

export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw badRequest("Content-Type must be application/json");
  }
  const text = await readTextWithin(req, BODY_LIMIT_BYTES);
  if (text === null) throw tooLarge();
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

/** Quoted by the guide, which says where the limit applies. */
export const TOO_LARGE_MESSAGE = `The request body is too large (limit ${BODY_LIMIT_BYTES / 1024} KiB)`;
const tooLarge = () => badRequest(TOO_LARGE_MESSAGE);
