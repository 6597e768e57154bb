import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";

export const listApiKeysInput = z.object({ businessId: z.uuid(), mode: z.enum(["test", "live"]) });

export type ApiKeyStatus = "active" | "revoked" | "expired";

export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt <= now) return "expired";
  return "active";
}

/** The business's keys of one mode, newest first: hints and dates only, never a key or hash. */
export async function listApiKeys(ctx: ServiceContext, input: z.input<typeof listApiKeysInput>) {
  const { businessId, mode } = listApiKeysInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageKeys");
  const keys = await db().apiKey.findMany({
    where: { businessId, mode },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, mode: true, hint: true, scope: true, allowedIps: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true },
  });
  return keys.map((k) => ({ ...k, status: apiKeyStatus(k) }));
}
