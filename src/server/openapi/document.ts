/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod contracts (src/contracts). Served at
 * /api/v1/docs/openapi.json, rendered at /docs, and the source of the client library's types.
 */
import { API_KEY_SCOPES } from "@/contracts/api-key-scopes";
import { createDocument, type CreateDocumentOptions } from "zod-openapi";
import { paths } from "./paths";
import { SANDBOX_IDS, SANDBOX_LEVERS, SLOW_RESPONSE_SECONDS } from "@/contracts/sandbox";
import { webhookEventSchema } from "@/contracts/events";
import { verificationResultSchema } from "@/contracts/verifications";
import { webhooks } from "./webhooks";

/** Hosts of the two environments; the client library's defaults must match (checked by a test). */
export const API_HOSTS: ApiHosts = { live: "https://api.hubi.so", test: "https://sandbox.hubi.so" };

/** The public hosts of a deployment: production (live keys) and sandbox (test keys), possibly the same. */
export type ApiHosts = { live: string; test: string };
export const API_BASE_PATH = "/api/v1";

const DESCRIPTION = `Verify a Somali citizen's identity from an 11-digit national ID, server to server.

**Keys and environments.** Send \`Authorization: Bearer <key>\`. A \`hubi_test_…\` key works against the sandbox (mock registry, no
credits); a \`hubi_live_…\` key against production (real registry, 1 credit per successful call, permanent audit log). Keys belong
on your backend only.

**Sandbox magic IDs.** ${Object.entries(SANDBOX_IDS)
  .map(([result, id]) => `\`${id}\` → \`${result}\``)
  .join(", ")}; any other 11 digits → \`verified\` with a deterministic generated citizen.

**Sandbox levers.** ${Object.entries(SANDBOX_LEVERS)
  .map(([lever, id]) => `\`${id}\` → ${lever}`)
  .join(", ")} (the slow one answers after ${SLOW_RESPONSE_SECONDS} s; the last two also raise that event).

**Pagination.** Pass the last item's \`id\` as \`startingAfter\` until \`pagination.hasMore\` is false; cursors are stable while new items arrive.

**Errors** share one body: \`{ "status": "failed", "code", "message", "requestId", "errors"? }\`. Every response carries
\`X-Request-Id\`; responses past authentication carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`.

A written guide is at [/docs/guide](/docs/guide).`;

/**
 * zod-openapi closes non-strict objects (`additionalProperties: false`) when they are output. We
 * leave responses open instead: clients must tolerate fields added later, and it lets a schema
 * used by both requests (webhook payloads) and responses render as one component, not two.
 */
const openOutputs: NonNullable<CreateDocumentOptions["override"]> = ({ jsonSchema, zodSchema, io }) => {
  const def = zodSchema._zod.def;
  if (io === "output" && def.type === "object" && !def.catchall) delete jsonSchema.additionalProperties;
  // Outcomes the API reports are an open set: a strict enum would make generated clients reject a
  // response (or an event) the day a new outcome ships. The `result` filter has its own strict enum.
  if (zodSchema === verificationResultSchema && Array.isArray(jsonSchema.enum)) {
    jsonSchema["x-extensible-enum"] = jsonSchema.enum;
    delete jsonSchema.enum;
  }
};

function servers(hosts: ApiHosts) {
  const absolute =
    hosts.live === hosts.test
      ? [{ url: `${hosts.live}${API_BASE_PATH}`, description: "Production and sandbox (the key decides)" }]
      : [
          { url: `${hosts.live}${API_BASE_PATH}`, description: "Production (hubi_live_ keys)" },
          { url: `${hosts.test}${API_BASE_PATH}`, description: "Sandbox (hubi_test_ keys)" },
        ];
  return [...absolute, { url: API_BASE_PATH, description: "The host serving this document (the key decides sandbox or production)" }];
}

const cache = new Map<string, ReturnType<typeof createDocument>>();

/** The document for a deployment's hosts (default: Hubi's own); built once per set of hosts. */
export function openApiDocument(hosts: ApiHosts = API_HOSTS) {
  const key = `${hosts.live} ${hosts.test}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const doc = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Hubi API",
      version: "1.0.0",
      description: DESCRIPTION,
      termsOfService: "https://hubi.so/terms",
      contact: { name: "Hubi support", email: "support@hubi.so", url: "https://hubi.so/support" },
      license: { name: "Hubi API terms of service", url: "https://hubi.so/terms" },
    },
    servers: servers(hosts),
    security: [{ apiKey: [] }],
    tags: [
      { name: "Verifications", description: "Verify citizens and read your verification history." },
      { name: "Batches", description: "Verify a whole file of national IDs in the background, and download one result per row." },
      { name: "Events", description: "Every event of the last 30 days, as webhooks deliver them: catch up after downtime." },
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
              .join(" ") +
            "\n\nA key can carry an IP allowlist (addresses and CIDR ranges, IPv4 and IPv6, at most 50): used from anywhere else it gets 403 `FORBIDDEN`.",
        },
      },
      schemas: { WebhookEvent: webhookEventSchema },
    },
  }, { override: openOutputs });
  cache.set(key, doc);
  return doc;
}
