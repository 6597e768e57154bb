import type { z } from "zod";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { sealSecret } from "@/server/webhooks/signing";
import { generateSecret } from "@/server/webhooks/standard-webhooks";
import { endpointScope, loadEndpoint } from "./endpoint-view";

export const rotateWebhookSecretInput = endpointScope;

/** How long the previous secret keeps signing, so receivers can switch over. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** Replaces the signing secret; deliveries carry signatures with both secrets for 24 h. */
export async function rotateWebhookSecret(
  ctx: ServiceContext,
  input: z.input<typeof rotateWebhookSecretInput>,
): Promise<{ secret: string; previousSecretExpiresAt: Date }> {
  const scope = rotateWebhookSecretInput.parse(input);
  assertBusinessAccess(ctx, scope.businessId, "manageWebhooks");
  const { id } = await loadEndpoint(scope);
  const secret = generateSecret();
  const previousSecretExpiresAt = new Date(Date.now() + ROTATION_OVERLAP_MS);
  // Once per submission: a repeated rotation would demote the secret the first one showed.
  return transactOnce(ctx, "webhook.rotate_secret", async (tx) => {
    // Locked, so that two rotations at once cannot both demote the same secret and lose one.
    await tx.$executeRaw`SELECT 1 FROM webhook_endpoint WHERE id = ${id}::uuid FOR UPDATE`;
    const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { secret: sealSecret(secret), previousSecret: endpoint.secret, previousSecretExpiresAt },
    });
    await recordAudit(tx, ctx, {
      action: "webhook.secret_rotated",
      businessId: scope.businessId,
      mode: scope.mode,
      targetType: "webhook_endpoint",
      targetId: endpoint.id,
      metadata: { previousSecretExpiresAt: previousSecretExpiresAt.toISOString() },
    });
    return { secret, previousSecretExpiresAt };
  });
}
