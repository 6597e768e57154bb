import { z } from "zod";
import { apiKeyScopeSchema, type ApiKeyScope } from "@/contracts/api-key-scopes";
import { ipAllowlistSchema } from "@/contracts/ip-allowlist";
import type { Prisma } from "@/generated/prisma/client";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { apiKeyHint, generateApiKey, hashApiKey } from "@/server/crypto/api-keys";
import { forbidden, notFound } from "@/server/errors";

export const KEY_EXPIRY_DAYS = [30, 90, 365] as const;

export const keyNameSchema = z.string().trim().min(1, "Give the key a name").max(80);

export const createApiKeyInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  name: keyNameSchema.default("Default key"),
  expiresInDays: z
    .union(KEY_EXPIRY_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<365>])
    .nullable()
    .default(null),
  scope: apiKeyScopeSchema.default("full"),
  allowedIps: ipAllowlistSchema.default([]),
});

/** How an allowlist reads in the audit log, whose metadata is flat. */
export const allowlistText = (entries: string[]) => (entries.length ? entries.join(", ") : "anywhere");

export type CreatedApiKey = {
  id: string;
  key: string;
  hint: string;
  mode: "test" | "live";
  name: string;
  scope: ApiKeyScope;
  allowedIps: string[];
  expiresAt: Date | null;
};

/** Creates a key; the full key is returned here and never again. Live keys need approved live access. */
export async function createApiKey(ctx: ServiceContext, input: z.input<typeof createApiKeyInput>): Promise<CreatedApiKey> {
  const fields = createApiKeyInput.parse(input);
  assertBusinessAccess(ctx, fields.businessId, "manageKeys");
  return transactOnce(ctx, "api_key.create", (tx) => insertApiKey(tx, ctx, fields));
}

/** The key's row and audit entry, in the caller's transaction (creating and rolling share it). */
export async function insertApiKey(
  tx: Prisma.TransactionClient,
  ctx: ServiceContext,
  { businessId, mode, name, expiresInDays, scope, allowedIps }: z.output<typeof createApiKeyInput>,
  expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000) : null,
): Promise<CreatedApiKey> {
  const key = generateApiKey(mode);
  const business = await tx.business.findUnique({ where: { id: businessId }, select: { liveAccess: true } });
  if (!business) throw notFound("Business not found");
  if (mode === "live" && business.liveAccess !== "approved") {
    throw forbidden("Live keys can be created once live access is approved. Apply for live access in the portal.");
  }
  const row = await tx.apiKey.create({
    data: {
      businessId,
      mode,
      name,
      hash: hashApiKey(key),
      hint: apiKeyHint(key),
      scope,
      allowedIps,
      expiresAt,
      createdById: ctx.actor.type === "user" ? ctx.actor.userId : null,
    },
  });
  await recordAudit(tx, ctx, {
    action: "api_key.created",
    businessId,
    mode,
    targetType: "api_key",
    targetId: row.id,
    metadata: { name, hint: row.hint, scope, allowedIps: allowlistText(allowedIps), expiresAt: expiresAt?.toISOString() ?? null },
  });
  return { id: row.id, key, hint: row.hint, mode, name, scope, allowedIps, expiresAt };
}
