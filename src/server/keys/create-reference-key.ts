import { z } from "zod";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { transactOnce } from "@/server/submissions";
import { createApiKeyInput, insertApiKey, type CreatedApiKey } from "./create-api-key";

/** Long enough to read and try the reference, short enough that a forgotten tab's key is soon dead. */
export const REFERENCE_KEY_LIFETIME_MS = 60 * 60_000;

export const createReferenceKeyInput = z.object({ businessId: z.uuid() });

/**
 * A sandbox key for the API reference's "send request": a signed-in developer tries the API
 * without typing (or storing) a key. The page holds it in memory only; it expires within the hour
 * and appears in the key list under its own name, like any key.
 */
export async function createReferenceKey(ctx: ServiceContext, input: z.input<typeof createReferenceKeyInput>): Promise<CreatedApiKey> {
  const { businessId } = createReferenceKeyInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageKeys");
  const fields = createApiKeyInput.parse({ businessId, mode: "test", name: "API reference" });
  return transactOnce(ctx, "api_key.create", (tx) => insertApiKey(tx, ctx, fields, new Date(Date.now() + REFERENCE_KEY_LIFETIME_MS)));
}
