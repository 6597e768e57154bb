import { z } from "zod";
import { ipAllowlistSchema } from "@/contracts/ip-allowlist";
import type { Mode } from "@/generated/prisma/enums";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { badRequest, notFound } from "@/server/errors";
import { apiKeyStatus } from "./list-api-keys";
import { allowlistText, keyNameSchema } from "./create-api-key";

export const updateApiKeyInput = z.object({
  keyId: z.uuid(),
  name: keyNameSchema.optional(),
  allowedIps: ipAllowlistSchema.optional(),
});

/**
 * Renames a key or changes its IP allowlist without re-issuing it; the next request is judged by
 * the new allowlist (a key the app remembers is checked again on every request). Each real change
 * is one audit entry with the values before and after; sending the current values again changes
 * and records nothing.
 */
export async function updateApiKey(ctx: ServiceContext, input: z.input<typeof updateApiKeyInput>) {
  const { keyId, name, allowedIps } = updateApiKeyInput.parse(input);
  return db().$transaction(async (tx) => {
    // Locked, so two edits at once each record the true before and after.
    const [current] = await tx.$queryRaw<LockedKey[]>`
      SELECT id, business_id AS "businessId", mode, name, hint, allowed_ips AS "allowedIps",
             revoked_at AS "revokedAt", expires_at AS "expiresAt"
        FROM api_key WHERE id = ${keyId}::uuid FOR UPDATE`;
    if (!current) throw notFound("API key not found");
    assertBusinessAccess(ctx, current.businessId, "manageKeys");
    if (apiKeyStatus(current) !== "active") throw badRequest("This key is no longer active; create a new key instead");

    const changes: Record<string, string> = {};
    if (name !== undefined && name !== current.name) Object.assign(changes, { nameFrom: current.name, nameTo: name });
    if (allowedIps !== undefined && !sameEntries(allowedIps, current.allowedIps)) {
      Object.assign(changes, { allowedIpsFrom: allowlistText(current.allowedIps), allowedIpsTo: allowlistText(allowedIps) });
    }
    if (Object.keys(changes).length === 0) return { id: current.id, name: current.name, allowedIps: current.allowedIps, changed: false };

    const updated = await tx.apiKey.update({ where: { id: keyId }, data: { name, allowedIps } });
    await recordAudit(tx, ctx, {
      action: "api_key.updated",
      businessId: current.businessId,
      mode: current.mode,
      targetType: "api_key",
      targetId: current.id,
      metadata: { hint: current.hint, ...changes },
    });
    return { id: updated.id, name: updated.name, allowedIps: updated.allowedIps, changed: true };
  });
}

type LockedKey = {
  id: string;
  businessId: string;
  mode: Mode;
  name: string;
  hint: string;
  allowedIps: string[];
  revokedAt: Date | null;
  expiresAt: Date | null;
};

function sameEntries(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}
