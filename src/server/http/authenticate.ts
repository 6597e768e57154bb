/**
 * API key authentication (product rules §1, §2, §17): the key's format and checksum are checked before
 * any database work; then one query finds the key with its business and checks its IP allowlist. Each failure says what is wrong
 * with the key, never anything about other businesses.
 */
import { env } from "@/env";
import type { ApiKeyActor } from "@/server/context";
import { pool } from "@/server/db/client";
import { hashApiKey, parseApiKey } from "@/server/crypto/api-keys";
import { AppError } from "@/server/errors";
import { assertEligible } from "@/server/access/eligibility";
import type { ApiKeyScope, Mode } from "@/generated/prisma/enums";
import type { RateLimitHit } from "@/server/ratelimit";
import { canonicalAllowlistEntry } from "@/contracts/ip-allowlist";
import { clientAddress } from "./client-address";
import type { EndpointGroup } from "@/server/ratelimit/api-limit";
import { prepared } from "@/server/db/prepared";
import { forgetKey, recallKey, rememberKey } from "@/server/access/known-keys";
import { UNKNOWN_KEY_MESSAGE, type KeyCheck } from "@/server/access/key-check-sql";
import { touchLastUsed } from "@/server/keys/last-used";

/** Who is calling and under which rules of its business (product rules §19). */
type Caller = { actor: ApiKeyActor; policy: { requireLiveConsent: boolean; answerPendingWith202: boolean } };

/** A key checked, and with PostgreSQL counters the request counted, on the way in. */
export type CheckedAuth = Caller & {
  rateLimitPerMinute: number;
  /** The request already counted by the database (PostgreSQL counters), or absent (Redis). */
  rateLimitHit?: RateLimitHit;
  checkLater?: undefined;
};

/**
 * Or a live key this process knows, not checked yet: the verify's admission checks and counts it
 * (key-check-sql.ts). Until then, `actor` and `policy` are as last read.
 */
export type ApiAuth = CheckedAuth | (Caller & { checkLater: Omit<KeyCheck, "prefersAsync" | "settle"> });

const unauthorized = (message: string) => new AppError("UNAUTHORIZED", message);

type KeyRow = {
  id: string;
  business_id: string;
  mode: Mode;
  hint: string;
  scope: ApiKeyScope;
  eligibility: string;
  stale_last_used: boolean;
  rate_limit_per_minute: number;
  require_live_consent: boolean;
  answer_pending_with_202: boolean;
  allowed: boolean | null;
  remaining: number | null;
  reset_seconds: number | null;
};

/**
 * Finds the key and, with PostgreSQL counters, counts the request in the same round trip
 * (function api_authenticate); the count happens only for a key that may be used. `checkLater`
 * (an operation whose admission checks the key itself): a live key this process knows is not
 * looked up here, only with the PostgreSQL counters, which that admission counts in.
 */
export async function authenticate(req: Request, group: EndpointGroup, o: { checkLater?: boolean } = {}): Promise<ApiAuth> {
  const header = req.headers.get("authorization");
  if (!header) throw unauthorized("Missing API key. Send it as 'Authorization: Bearer <API_KEY>'.");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("Malformed Authorization header. Use 'Authorization: Bearer <API_KEY>'.");
  const key = match[1]!;
  const parsed = parseApiKey(key);
  if (!parsed) throw unauthorized("Invalid API key. Keys look like hubi_test_… or hubi_live_…; copy yours from the portal.");
  assertEnvironmentHost(req, parsed.mode);

  const keyHash = hashApiKey(key);
  const address = comparableAddress(clientAddress(req.headers, env().TRUSTED_PROXY_HOPS));
  const countsInDatabase = !env().REDIS_URL;
  const known = o.checkLater && countsInDatabase ? recallKey(keyHash) : undefined;
  if (known) return { ...known, checkLater: { keyHash, clientAddress: address } };

  const { rows } = await pool().query<KeyRow>(
    prepared("SELECT * FROM api_authenticate($1, $2, $3, $4)", [
      keyHash,
      group,
      // Batch creations are counted once accepted (createBatch), not on arrival.
      countsInDatabase && group !== "batch",
      address,
    ]),
  );
  const row = rows[0];
  if (!row) {
    forgetKey(keyHash);
    throw unauthorized(UNKNOWN_KEY_MESSAGE);
  }
  if (row.eligibility !== "ok") forgetKey(keyHash);
  assertEligible(row.eligibility, group);
  if (row.stale_last_used) touchLastUsed(row.id);
  const caller = {
    actor: { type: "api_key", apiKeyId: row.id, apiKeyHint: row.hint, businessId: row.business_id, mode: row.mode, scope: row.scope } as const,
    policy: { requireLiveConsent: row.require_live_consent, answerPendingWith202: row.answer_pending_with_202 },
  };
  if (row.mode === "live") rememberKey(keyHash, caller);
  return {
    ...caller,
    rateLimitPerMinute: row.rate_limit_per_minute,
    rateLimitHit:
      row.allowed === null
        ? undefined
        : { allowed: row.allowed, limit: row.rate_limit_per_minute, remaining: row.remaining!, resetSeconds: row.reset_seconds! },
  };
}

/**
 * The client address as allowlists are written: an IPv4 client on a dual-stack socket appears as
 * ::ffff:a.b.c.d and is compared as a.b.c.d. Anything unparsable is unknown (null), which no
 * non-empty allowlist admits.
 */
function comparableAddress(address: string | undefined): string | null {
  if (!address) return null;
  const parsed = canonicalAllowlistEntry(address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ""));
  return "entry" in parsed && !parsed.entry.includes("/") ? parsed.entry : null;
}

/** With distinct sandbox and production hosts configured, each key works on its own host only. */
function assertEnvironmentHost(req: Request, mode: Mode): void {
  const { PUBLIC_BASE_URL: prod, SANDBOX_BASE_URL: sandbox } = env();
  if (!prod || !sandbox) return;
  const prodHost = new URL(prod).host;
  const sandboxHost = new URL(sandbox).host;
  if (prodHost === sandboxHost) return;
  // X-Forwarded-Host only from a proxy of ours: facing clients, anyone can send it.
  const host = (env().TRUSTED_PROXY_HOPS > 0 ? req.headers.get("x-forwarded-host") : null) ?? req.headers.get("host");
  if (mode === "test" && host === prodHost) {
    throw unauthorized(`This is a test key; it belongs to the sandbox environment at ${sandbox}.`);
  }
  if (mode === "live" && host === sandboxHost) {
    throw unauthorized(`This is a live key; it belongs to the production environment at ${prod}.`);
  }
}
