import { z } from "zod";
import { env } from "@/env";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { badRequest } from "@/server/errors";
import { urlProblem } from "@/server/webhooks/send-request";
import { auditableUrl } from "@/server/webhooks/auditable-url";
import { sealSecret } from "@/server/webhooks/signing";
import { generateSecret } from "@/server/webhooks/standard-webhooks";
import { endpointScope, toEndpointView, type EndpointView } from "./endpoint-view";

export const setWebhookUrlInput = endpointScope.extend({
  url: z.string().trim().max(2048, "The URL is too long"),
});

/**
 * Sets the mode's endpoint URL, creating the endpoint (with a new signing secret) the first time.
 * A new URL starts with a clean failure record.
 */
export async function setWebhookUrl(ctx: ServiceContext, input: z.input<typeof setWebhookUrlInput>): Promise<EndpointView> {
  const { businessId, mode, url } = setWebhookUrlInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageWebhooks");
  const problem = urlProblem(url, env().WEBHOOK_ALLOW_INSECURE);
  if (problem) throw badRequest(problem, [{ field: "url", message: problem }]);
  return transactOnce(ctx, "webhook.set_url", async (tx) => {
    const endpoint = await tx.webhookEndpoint.upsert({
      where: { businessId_mode: { businessId, mode } },
      create: { businessId, mode, url, secret: sealSecret(generateSecret()) },
      update: { url, failingSince: null },
    });
    await recordAudit(tx, ctx, {
      action: "webhook.url_set",
      businessId,
      mode,
      targetType: "webhook_endpoint",
      targetId: endpoint.id,
      metadata: { url: auditableUrl(url) },
    });
    return toEndpointView(endpoint, "whole");
  });
}
