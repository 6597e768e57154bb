/**
 * The `webhooks` section: one entry per event type, each with its payload schema from the
 * contract, a payload example and the Standard Webhooks signing headers.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { EVENT_TYPES, eventSchemas } from "@/contracts/events";
import { webhookHeaderSchemas } from "@/contracts/headers";
import { EVENT_EXAMPLES } from "./examples";

export const SIGNING_DESCRIPTION = `Deliveries are signed per [Standard Webhooks](https://www.standardwebhooks.com/):

- \`webhook-id\`: the event id (deduplicate on it: delivery is at-least-once),
- \`webhook-timestamp\`: Unix seconds of the attempt,
- \`webhook-signature\`: space-separated \`v1,<base64>\` signatures, each an HMAC-SHA256 of \`{webhook-id}.{webhook-timestamp}.{raw body}\`
  keyed with the base64-decoded part of your \`whsec_…\` secret after the prefix.

Verify against the raw body before parsing it, accept if any listed signature matches, and reject timestamps more than 5 minutes
from your clock. The official client library does all of this: \`await Hubi.webhooks.verify(body, headers, secret)\`.
Any \`standardwebhooks\` library works as well. Respond 2xx within 10 seconds; other responses are retried with exponential backoff for
about 3 days. A 410 disables the endpoint; once it is re-enabled, that delivery and the events raised meanwhile are sent.`;

const signingHeaders = z.object(webhookHeaderSchemas);

export const webhooks: ZodOpenApiPathsObject = Object.fromEntries(
  EVENT_TYPES.map((type) => [
    type,
    {
      post: {
        operationId: `webhook_${type}`,
        summary: type,
        description: `${eventSchemas[type].meta()?.description ?? ""}\n\n${SIGNING_DESCRIPTION}`,
        tags: ["Webhooks"],
        requestParams: { header: signingHeaders },
        requestBody: { required: true, content: { "application/json": { schema: eventSchemas[type], example: EVENT_EXAMPLES[type] } } },
        responses: {
          "200": { description: "Any 2xx within 10 seconds acknowledges the delivery." },
          "410": { description: "Gone: disables the endpoint until re-enabled in the portal." },
        },
      },
    },
  ]),
);
