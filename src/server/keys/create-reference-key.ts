import { z } from "zod";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { transactOnce } from "@/server/submissions";
import { createApiKeyInput, insertApiKey, type CreatedApiKey } from "./create-api-key";
import { markRevoked } from "./revoke-api-key";

/** Long enough to read and try the reference, short enough that a forgotten tab's key is soon dead. */
export const REFERENCE_KEY_LIFETIME_MS = 60 * 60_000;

const REFERENCE_KEY_NAME = "API reference";

export const createReferenceKeyInput = z.object({ businessId: z.uuid() });

/**
 * A sandbox key for the API reference's "send request": a signed-in developer tries the API
 * without typing (or storing) a key. The page holds it in memory only; it expires within the hour
 * and appears in the key list under its own name, like any key.
 *
 * Keys are stored as hashes, so an earlier page's key cannot be handed out again: each visit
 * revokes the reader's previous reference keys in this business, and a reader has at most one
 * active. A reference key is told from a key someone named the same by its lifetime (an hour, within
 * a margin for the clock readings; the key form's shortest is 30 days).
 */
export async function createReferenceKey(ctx: ServiceContext, input: z.input<typeof createReferenceKeyInput>): Promise<CreatedApiKey> {
  const { businessId } = createReferenceKeyInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageKeys");
  const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
  const fields = createApiKeyInput.parse({ businessId, mode: "test", name: REFERENCE_KEY_NAME });
  return transactOnce(ctx, "api_key.create", async (tx) => {
    // Two pages opening at once: one after the other, so the second revokes the first's key.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`reference-key:${businessId}:${userId}`}))`;
    const previous = await tx.$queryRaw<{ id: string; businessId: string; mode: "test"; hint: string }[]>`
      SELECT id, business_id AS "businessId", mode, hint FROM api_key
      WHERE business_id = ${businessId}::uuid AND created_by_id IS NOT DISTINCT FROM ${userId}::uuid
        AND mode = 'test' AND name = ${REFERENCE_KEY_NAME} AND revoked_at IS NULL AND expires_at > now()
        AND expires_at < created_at + ${`${2 * REFERENCE_KEY_LIFETIME_MS} milliseconds`}::interval`;
    for (const key of previous) await markRevoked(tx, ctx, key);
    return insertApiKey(tx, ctx, fields, new Date(Date.now() + REFERENCE_KEY_LIFETIME_MS));
  });
}
