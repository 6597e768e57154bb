/**
 * Idempotency as a step of the /api/v1 pipeline (product rules §6), for the routes that declare
 * it: after validation, the Idempotency-Key is read for the request's business and mode, and
 * claimed by the handler's service: verify claims it in its admission statement (with the credit),
 * an upload once the file's digest is known. A completed request with the same body is replayed;
 * another body, or one still in flight, is a 409. The service completes the record in the same
 * statement that writes its work; if it fails, the claim is released so that the client can fix
 * the cause and retry with the same key.
 */
import type { ApiKeyActor } from "@/server/context";
import { claimIdempotencyKey, requestHash, type IdempotencyRequest, type IdempotencyScope } from "@/server/verifications/idempotency";
import { hashIdempotencyKey } from "@/server/crypto/secrets";
import { readIdempotencyKey } from "./idempotency-header";

export type IdempotencyClaim = { scope: IdempotencyScope } | { replay: unknown } | null;

/** The request's key and body hash, for its service to claim; null without a key. */
export function idempotencyRequest(req: Request, actor: ApiKeyActor, rawBody: unknown): IdempotencyRequest | null {
  const key = readIdempotencyKey(req);
  if (key === undefined) return null;
  return { scope: { businessId: actor.businessId, mode: actor.mode, key: hashIdempotencyKey(key) }, hash: requestHash(rawBody) };
}

export async function claimForRequest(req: Request, actor: ApiKeyActor, rawBody: unknown): Promise<IdempotencyClaim> {
  const request = idempotencyRequest(req, actor, rawBody);
  if (!request) return null;
  const claim = await claimIdempotencyKey(request.scope, request.hash);
  return claim.status === "replay" ? { replay: claim.body } : { scope: request.scope };
}
