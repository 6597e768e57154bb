/**
 * Idempotency as a step of the /api/v1 pipeline (product rules §6), for the routes that declare
 * it: after validation, the Idempotency-Key is claimed for the request's business and mode. A
 * completed request with the same body is replayed (the handler never runs); another body, or one
 * still in flight, is a 409. The handler receives the claimed scope and completes the record in
 * the same statement that writes its work; if it fails, the claim is released so that the client
 * can fix the cause and retry with the same key.
 */
import type { ApiKeyActor } from "@/server/context";
import { claimIdempotencyKey, requestHash, type IdempotencyScope } from "@/server/services/verifications/idempotency";
import { hashIdempotencyKey } from "@/server/crypto/secrets";
import { readIdempotencyKey } from "./idempotency-header";

export type IdempotencyClaim = { scope: IdempotencyScope } | { replay: unknown } | null;

export async function claimForRequest(req: Request, actor: ApiKeyActor, rawBody: unknown): Promise<IdempotencyClaim> {
  const key = readIdempotencyKey(req);
  if (key === undefined) return null;
  const scope = { businessId: actor.businessId, mode: actor.mode, key: hashIdempotencyKey(key) };
  const claim = await claimIdempotencyKey(scope, requestHash(rawBody));
  return claim.status === "replay" ? { replay: claim.body } : { scope };
}
