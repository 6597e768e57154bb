import type { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { openSecret } from "@/server/webhooks/signing";
import { endpointScope, loadEndpoint } from "./endpoint-view";

export const revealWebhookSecretInput = endpointScope;

/** The signing secret, for owners and developers; each reveal is audited. */
export async function revealWebhookSecret(ctx: ServiceContext, input: z.input<typeof revealWebhookSecretInput>): Promise<{ secret: string }> {
  const scope = revealWebhookSecretInput.parse(input);
  assertBusinessAccess(ctx, scope.businessId, "manageWebhooks");
  const endpoint = await loadEndpoint(scope);
  await recordAudit(db(), ctx, {
    action: "webhook.secret_revealed",
    businessId: scope.businessId,
    mode: scope.mode,
    targetType: "webhook_endpoint",
    targetId: endpoint.id,
  });
  return { secret: openSecret(endpoint.secret) };
}
