import { z } from "zod";
import type { ApiKey, Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { notFound } from "@/server/errors";

export const revokeApiKeyInput = z.object({ keyId: z.uuid() });

/** Revokes a key; the very next API call with it gets 401 (a key the app remembers is checked again on every request). */
export async function revokeApiKey(ctx: ServiceContext, input: z.input<typeof revokeApiKeyInput>) {
  const { keyId } = revokeApiKeyInput.parse(input);
  return db().$transaction(async (tx) => {
    const key = await tx.apiKey.findUnique({ where: { id: keyId } });
    if (!key) throw notFound("API key not found");
    assertBusinessAccess(ctx, key.businessId, "manageKeys");
    if (key.revokedAt) return { id: key.id, revokedAt: key.revokedAt };
    return markRevoked(tx, ctx, key);
  });
}

/** The revocation and its audit entry, in the caller's transaction (the reference page revokes its previous key too). */
export async function markRevoked(tx: Prisma.TransactionClient, ctx: ServiceContext, key: Pick<ApiKey, "id" | "businessId" | "mode" | "hint">) {
  const revoked = await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
  await recordAudit(tx, ctx, {
    action: "api_key.revoked",
    businessId: key.businessId,
    mode: key.mode,
    targetType: "api_key",
    targetId: key.id,
    metadata: { hint: key.hint },
  });
  return { id: revoked.id, revokedAt: revoked.revokedAt! };
}
