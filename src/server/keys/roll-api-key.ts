import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { notFound, badRequest } from "@/server/errors";
import { transactOnce } from "@/server/submissions";
import { insertApiKey, type CreatedApiKey } from "./create-api-key";

export const rollApiKeyInput = z.object({
  keyId: z.uuid(),
  /** When the old key stops working: at once, or after 24 hours so deployments can switch over. */
  oldKeyExpires: z.enum(["now", "in_24h"]),
});

/**
 * Creates a replacement key (same name, scope, allowlist and lifetime) and schedules the old one to
 * expire: never later than it would have anyway.
 */
export async function rollApiKey(ctx: ServiceContext, input: z.input<typeof rollApiKeyInput>): Promise<CreatedApiKey> {
  const { keyId, oldKeyExpires } = rollApiKeyInput.parse(input);
  const old = await db().apiKey.findUnique({ where: { id: keyId } });
  if (!old) throw notFound("API key not found");
  assertBusinessAccess(ctx, old.businessId, "manageKeys");
  if (old.revokedAt || (old.expiresAt && old.expiresAt <= new Date())) {
    throw badRequest("This key is no longer active; create a new key instead");
  }
  const now = Date.now();
  const expiresAt = new Date(Math.min(now + (oldKeyExpires === "now" ? 0 : 86_400_000), old.expiresAt?.getTime() ?? Infinity));
  const replacementExpiresAt = old.expiresAt ? new Date(now + (old.expiresAt.getTime() - old.createdAt.getTime())) : null;
  // The replacement and the old key's expiry commit together, once per submission: a repeated
  // roll must not leave a second replacement (and the first one shown) behind.
  return transactOnce(ctx, "api_key.roll", async (tx) => {
    const created = await insertApiKey(tx, ctx, {
      businessId: old.businessId,
      mode: old.mode,
      name: old.name,
      scope: old.scope,
      allowedIps: old.allowedIps,
      expiresInDays: null,
    }, replacementExpiresAt);
    await tx.apiKey.update({ where: { id: old.id }, data: { expiresAt } });
    await recordAudit(tx, ctx, {
      action: "api_key.rolled",
      businessId: old.businessId,
      mode: old.mode,
      targetType: "api_key",
      targetId: old.id,
      metadata: { replacedBy: created.id, oldKeyExpiresAt: expiresAt.toISOString() },
    });
    return created;
  });
}
