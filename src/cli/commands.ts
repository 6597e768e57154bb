/** CLI commands: flag definitions and the service each one calls. */
import type { ApiKeyScope } from "@/contracts/api-key-scopes";
import { systemContext } from "@/server/context";
import { createAdmin } from "@/server/accounts/create-admin";
import { createBusiness } from "@/server/businesses/create-business";
import { setBusinessStatus } from "@/server/businesses/set-business-status";
import { changePlan, changePlanInput } from "@/server/businesses/change-plan";
import { setRateLimit, setRateLimitInput } from "@/server/businesses/set-rate-limit";
import { createApiKey } from "@/server/keys/create-api-key";
import { updateApiKey } from "@/server/keys/update-api-key";
import { splitAllowlistText } from "@/contracts/ip-allowlist";
import { revokeApiKey } from "@/server/keys/revoke-api-key";
import { grantCredits } from "@/server/credits/grant-credits";
import { importCitizens } from "@/server/registry/import-citizens";
import { applyRetention } from "@/server/data-protection/apply-retention";
import { verifyAuditChain } from "@/server/audit/verify-audit-chain";
import { exportedCheckpoint, latestAuditCheckpoint, writeAuditCheckpoint } from "@/server/audit/audit-checkpoint";
import { searchBusinesses } from "@/server/businesses/search-businesses";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { revealWebhookSecret } from "@/server/webhooks/reveal-webhook-secret";
import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { getWebhookEndpoint } from "@/server/webhooks/get-webhook-endpoint";
import { enableWebhookEndpoint } from "@/server/webhooks/enable-webhook-endpoint";
import { listen } from "./listen";
import { readPassword } from "./read-password";

type Flags = Record<string, string | boolean | undefined>;
type Io = { readFile(path: string): string; print(line: object): void; interrupted: Promise<void>; env: NodeJS.ProcessEnv };
type Command = {
  usage: string;
  options: Record<string, { type: "string" | "boolean" }>;
  /** false: the command talks to a Hubi over HTTP with an API key, never to a database. */
  database?: false;
  run(flags: Flags, positionals: string[], io: Io): Promise<unknown>;
};

const ctx = () => systemContext("cli");
const str = (f: Flags, name: string) => (typeof f[name] === "string" ? (f[name] as string) : undefined);
const required = (f: Flags, name: string) => {
  const v = str(f, name);
  if (v === undefined) throw new Error(`--${name} is required`);
  return v;
};
const int = (f: Flags, name: string) => {
  const v = str(f, name);
  if (v === undefined) return undefined;
  if (!/^[0-9]+$/.test(v)) throw new Error(`--${name} must be a whole number`);
  return Number(v);
};
/** --allow-ip a,b,c; "anywhere" clears the list; absent leaves it as it is. */
const allowlist = (f: Flags) => {
  const v = str(f, "allow-ip");
  if (v === undefined) return undefined;
  return v.trim() === "anywhere" ? [] : splitAllowlistText(v);
};

const mode = (f: Flags): "test" | "live" => {
  const m = required(f, "mode");
  if (m !== "test" && m !== "live") throw new Error("--mode must be test or live");
  return m;
};

const setStatus = (status: "active" | "suspended"): Command => ({
  usage: `--business ID${status === "suspended" ? " [--reason TEXT]" : ""}`,
  options: { business: { type: "string" }, reason: { type: "string" } },
  run: (f) => setBusinessStatus(ctx(), { businessId: required(f, "business"), status, reason: str(f, "reason") }),
});

export const commands: Record<string, Command> = {
  "admin:create": {
    usage: "--email E [--name N]   (password: prompt, stdin or HUBI_PASSWORD)",
    options: { email: { type: "string" }, name: { type: "string" } },
    run: async (f) => createAdmin(ctx(), { email: required(f, "email"), password: await readPassword(), name: str(f, "name") }),
  },
  "business:create": {
    usage: "--name N --email E [--owner-name N] [--plan starter|enterprise] [--approve-live]   (password: prompt, stdin or HUBI_PASSWORD)",
    options: {
      name: { type: "string" },
      email: { type: "string" },
      "owner-name": { type: "string" },
      plan: { type: "string" },
      "approve-live": { type: "boolean" },
    },
    run: async (f) =>
      createBusiness(ctx(), {
        businessName: required(f, "name"),
        ownerName: str(f, "owner-name") ?? "Owner",
        email: required(f, "email"),
        password: await readPassword(),
        plan: str(f, "plan") as "starter" | "enterprise" | undefined,
        approveLive: f["approve-live"] === true,
      }),
  },
  "keys:create": {
    usage:
      "--business ID --mode test|live [--name N] [--expires-in-days 30|90|365] [--scope full|match_only|read_only] [--allow-ip ADDR_OR_CIDR,…]",
    options: {
      business: { type: "string" },
      mode: { type: "string" },
      name: { type: "string" },
      "expires-in-days": { type: "string" },
      scope: { type: "string" },
      "allow-ip": { type: "string" },
    },
    async run(f) {
      const key = await createApiKey(ctx(), {
        businessId: required(f, "business"),
        mode: required(f, "mode") as "test" | "live",
        name: str(f, "name"),
        expiresInDays: (int(f, "expires-in-days") ?? null) as 30 | 90 | 365 | null,
        scope: str(f, "scope") as ApiKeyScope | undefined,
        allowedIps: allowlist(f),
      });
      return { id: key.id, key: key.key, mode: key.mode, scope: key.scope, allowedIps: key.allowedIps, expiresAt: key.expiresAt };
    },
  },
  "keys:update": {
    usage: "--id KEY_ID [--name N] [--allow-ip ADDR_OR_CIDR,… | --allow-ip anywhere]",
    options: { id: { type: "string" }, name: { type: "string" }, "allow-ip": { type: "string" } },
    run: (f) => updateApiKey(ctx(), { keyId: required(f, "id"), name: str(f, "name"), allowedIps: allowlist(f) }),
  },
  "keys:revoke": {
    usage: "--id KEY_ID",
    options: { id: { type: "string" } },
    run: (f) => revokeApiKey(ctx(), { keyId: required(f, "id") }),
  },
  "credits:grant": {
    usage: "--business ID --amount N [--note TEXT]",
    options: { business: { type: "string" }, amount: { type: "string" }, note: { type: "string" } },
    run: (f) => grantCredits(ctx(), { businessId: required(f, "business"), amount: int(f, "amount") ?? 0, note: str(f, "note") }),
  },
  "business:update": {
    usage: "--business ID [--plan starter|enterprise] [--rate-limit N]",
    options: { business: { type: "string" }, plan: { type: "string" }, "rate-limit": { type: "string" } },
    async run(f) {
      const businessId = required(f, "business");
      const plan = str(f, "plan");
      const perMinute = int(f, "rate-limit");
      if (plan === undefined && perMinute === undefined) throw new Error("Give --plan, --rate-limit or both");
      // The same audited changes as the admin console; validated before anything is written.
      const planChange = plan === undefined ? undefined : changePlanInput.parse({ businessId, plan });
      const limitChange = perMinute === undefined ? undefined : setRateLimitInput.parse({ businessId, perMinute });
      return {
        businessId,
        ...(planChange ? { plan: (await changePlan(ctx(), planChange)).plan } : {}),
        ...(limitChange ? { rateLimitPerMinute: (await setRateLimit(ctx(), limitChange)).perMinute } : {}),
      };
    },
  },
  "business:suspend": setStatus("suspended"),
  "business:activate": setStatus("active"),
  "registry:import": {
    usage: "FILE.csv   (columns: national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status)",
    options: {},
    run(_f, positionals, io) {
      const file = positionals[0];
      if (!file) throw new Error("Name the CSV file: registry:import FILE.csv");
      return importCitizens(ctx(), { csv: io.readFile(file) });
    },
  },
  "business:list": {
    usage: "[--name TEXT] [--page N]   businesses, newest first (20 a page), with their webhook endpoints",
    options: { name: { type: "string" }, page: { type: "string" } },
    async run(f) {
      const found = await searchBusinesses(ctx(), { query: str(f, "name"), page: int(f, "page") });
      const items = await Promise.all(
        found.items.map(async (b) => ({
          ...b,
          webhooks: {
            test: await getWebhookEndpoint(ctx(), { businessId: b.id, mode: "test" }),
            live: await getWebhookEndpoint(ctx(), { businessId: b.id, mode: "live" }),
          },
        })),
      );
      return { ...found, items };
    },
  },
  "webhooks:set-url": {
    usage: "--business ID --mode test|live --url URL   (prints the endpoint and its signing secret; the first URL creates the secret)",
    options: { business: { type: "string" }, mode: { type: "string" }, url: { type: "string" } },
    async run(f) {
      const scope = { businessId: required(f, "business"), mode: mode(f) };
      const endpoint = await setWebhookUrl(ctx(), { ...scope, url: required(f, "url") });
      return { ...endpoint, ...(await revealWebhookSecret(ctx(), scope)) };
    },
  },
  "webhooks:send-test": {
    usage: "--business ID --mode test|live   (sends a webhook_test event through the app's webhook workers; prints the receiver's answer)",
    options: { business: { type: "string" }, mode: { type: "string" } },
    async run(f) {
      const delivery = await sendTestWebhook(ctx(), { businessId: required(f, "business"), mode: mode(f) }, { byWorker: true });
      if (delivery.attempts.length > 0) return delivery;
      return { ...delivery, note: "Queued: no webhook worker has attempted it yet. Is the app (or `npm run worker`) running?" };
    },
  },
  "webhooks:enable": {
    usage: "--business ID --mode test|live   (re-enables a disabled endpoint: what waited, and the delivery answered 410, go out)",
    options: { business: { type: "string" }, mode: { type: "string" } },
    run: (f) => enableWebhookEndpoint(ctx(), { businessId: required(f, "business"), mode: mode(f) }),
  },
  listen: {
    usage:
      "--forward-to URL [--api-key KEY] [--base-url URL] [--after CURSOR|EVENT_ID] [--secret whsec_…]   (forwards the key's new events, signed, until Ctrl-C; " +
      "needs only an API key: HUBI_API_KEY and HUBI_BASE_URL (default http://localhost:3000) work too)",
    options: {
      "forward-to": { type: "string" },
      "api-key": { type: "string" },
      "base-url": { type: "string" },
      after: { type: "string" },
      secret: { type: "string" },
    },
    database: false,
    run: (f, _p, io) =>
      listen({
        forwardTo: required(f, "forward-to"),
        apiKey: str(f, "api-key") ?? io.env.HUBI_API_KEY ?? "",
        baseUrl: str(f, "base-url") ?? io.env.HUBI_BASE_URL ?? "http://localhost:3000",
        after: str(f, "after"),
        secret: str(f, "secret"),
        print: io.print,
        stopped: io.interrupted,
      }),
  },
  "audit:verify": {
    usage: "[--checkpoint FILE]   exit 0 when every audit chain is intact and reaches the last checkpoint (and FILE's, an exported one); otherwise names the first problem",
    options: { checkpoint: { type: "string" } },
    run: (f, _p, io) => {
      const file = str(f, "checkpoint");
      return verifyAuditChain(undefined, file ? { checkpoint: exportedCheckpoint.parse(JSON.parse(io.readFile(file))) } : {});
    },
  },
  "audit:checkpoint": {
    usage: "write an audit checkpoint now (the app writes one every few minutes when a chain moved)",
    options: {},
    run: async () => ({ checkpoint: await writeAuditCheckpoint() }),
  },
  "audit:export-checkpoint": {
    usage: "print the latest audit checkpoint as JSON, to keep outside the database (see audit:verify --checkpoint)",
    options: {},
    run: async () => {
      const latest = await latestAuditCheckpoint();
      if (!latest) throw new Error("No checkpoint yet: run audit:checkpoint first.");
      return latest;
    },
  },
  "retention:run": {
    usage: "redact every verification past its business's retention period now (the app also does it on its own)",
    options: {},
    run: async () => ({ redacted: await applyRetention() }),
  },
};
