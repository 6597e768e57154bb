/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod contracts (src/contracts). Served at
 * /api/v1/docs/openapi.json, rendered at /docs, and the source of the client library's types.
 */
import { API_KEY_SCOPES } from "@/contracts/api-key-scopes";
import { createDocument, type CreateDocumentOptions } from "zod-openapi";
import { paths } from "./paths";
import { SANDBOX_IDS } from "@/contracts/sandbox";
import { webhookEventSchema } from "@/contracts/events";
import { webhooks } from "./webhooks";

/** Hosts of the two environments; the client library's defaults must match (checked by a test). */
export const API_HOSTS = { live: "https://api.hubi.so", test: "https://sandbox.hubi.so" } as const;
export const API_BASE_PATH = "/api/v1";

const DESCRIPTION = `Verify a Somali citizen's identity from an 11-digit national ID, server to server.

**Keys and environments.** Send \`Authorization: Bearer <key>\`. A \`hubi_test_…\` key works against the sandbox (mock registry, no
credits); a \`hubi_live_…\` key against production (real registry, 1 credit per successful call, permanent audit log). Keys belong
on your backend only.

**Sandbox magic IDs.** ${Object.entries(SANDBOX_IDS)
  .map(([result, id]) => `\`${id}\` → \`${result}\``)
  .join(", ")}; any other 11 digits → \`verified\` with a deterministic generated citizen.

**Errors** share one body: \`{ "status": "failed", "code", "message", "requestId", "errors"? }\`. Every response carries
\`X-Request-Id\`; responses past authentication carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`.

A written guide is at [/docs/guide](/docs/guide).`;

/**
 * zod-openapi closes non-strict objects (`additionalProperties: false`) when they are output. We
 * leave responses open instead: clients must tolerate fields added later, and it lets a schema
 * used by both requests (webhook payloads) and responses render as one component, not two.
 */
const openNonStrictOutputs: NonNullable<CreateDocumentOptions["override"]> = ({ jsonSchema, zodSchema, io }) => {
  const def = zodSchema._zod.def;
  if (io === "output" && def.type === "object" && !def.catchall) delete jsonSchema.additionalProperties;
};

let cached: ReturnType<typeof createDocument> | undefined;

export function openApiDocument() {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: { title: "Hubi API", version: "1.0.0", description: DESCRIPTION },
    servers: [
      { url: API_BASE_PATH, description: "This deployment (the key decides sandbox or production)" },
      { url: `${API_HOSTS.test}${API_BASE_PATH}`, description: "Sandbox (hubi_test_ keys)" },
      { url: `${API_HOSTS.live}${API_BASE_PATH}`, description: "Production (hubi_live_ keys)" },
    ],
    security: [{ apiKey: [] }],
    tags: [
      { name: "Verifications", description: "Verify citizens and read your verification history." },
      { name: "Documentation", description: "Machine-readable description of this API." },
      { name: "Webhooks", description: "Events sent to the endpoint configured in the portal." },
    ],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "hubi_test_… | hubi_live_…",
          description:
            "An API key from the portal: `hubi_test_…` (sandbox) or `hubi_live_…` (production). Never put keys in frontend code.\n\n" +
            "Each key has a scope chosen at creation: " +
            Object.entries(API_KEY_SCOPES)
              .map(([scope, can]) => `\`${scope}\`: ${can}`)
              .join(" "),
        },
      },
      schemas: { WebhookEvent: webhookEventSchema },
    },
  }, { override: openNonStrictOutputs });
  return cached;
}
