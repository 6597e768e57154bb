/**
 * One gateway token for the whole deployment, kept (encrypted) in the database. A process uses the
 * stored token until its refresh point (80 % of its lifetime); then one process claims the refresh
 * (a row claim: no connection or lock is held during the HTTP call) while every caller, that
 * process's too, keeps using the still-valid token, or waits for the new one if it has expired.
 * Token requests are at least 6 s apart across the fleet, so the endpoint's 10 a minute hold
 * whatever happens, and none is made before the Retry-After of a refused one has passed. A token
 * the gateway refuses (invalid_token) is dropped from this process's copy and marked expired in the
 * row, so that no caller sends it again while its replacement is under way (each would cost a quota
 * slot and a call the authority bills); another process's copy is dropped by its own first refusal.
 * The token's refresh point and expiry are kept by the database's clock and read as times from now:
 * a process whose own clock is off neither sends an expired token nor refreshes early.
 * The client secret is read at each refresh: from REGISTRY_CLIENT_SECRET_FILE when set (a mounted
 * secret rotates without a restart), else REGISTRY_CLIENT_SECRET.
 */
import fs from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { decrypt, encrypt } from "@/server/crypto/secrets";
import { describeError, log } from "@/server/observability/logger";
import { RegistryUnavailableError } from "../types";
import { UpstreamFault } from "./faults";
import { postToGateway } from "./http";
import { tokenBody } from "./responses";
import { gatewayKey } from "./gateway-key";
import { untilAborted } from "./wait";

const CONTEXT = "registry-gateway-token";
const MIN_REQUEST_GAP_SECONDS = 6;
const WAIT_STEP_MS = 50;
/** How soon a process reads the row again while the token it uses is being replaced. */
const RECHECK_MS = 1000;

/** `refreshAt` by this process's clock. */
type Cached = { token: string; refreshAt: number };
const globalForToken = globalThis as unknown as { hubiGatewayToken?: Cached };

/** The stored token's refresh point and expiry as times from now (the database's now): each process reads them on its own clock. */
type Row = { access_token: Buffer | null; refresh_in_ms: number | null; expires_in_ms: number | null; claimed: boolean };

/** A token to call with. `stale`: the token the gateway just refused (invalid_token): never returned again. */
export async function gatewayToken(signal: AbortSignal, stale?: string): Promise<string> {
  if (stale) await forgetRefused(stale);
  for (;;) {
    const token = freshCachedToken() ?? (await joinWait(signal));
    if (token !== stale) return token;
    // A wait that read the row before the refusal was recorded: forget what it kept; the next reads it after.
    globalForToken.hubiGatewayToken = undefined;
  }
}

/** One wait for the fleet's token per process, however many callers are waiting for it. */
async function joinWait(signal: AbortSignal): Promise<string> {
  const wait = (shared ??= startWait());
  wait.callers += 1;
  try {
    return await untilAborted(wait.token, signal);
  } finally {
    wait.callers -= 1;
  }
}

type SharedWait = { token: Promise<string>; callers: number };
let shared: SharedWait | undefined;

function startWait(): SharedWait {
  const wait: SharedWait = {
    callers: 0,
    token: nextToken(() => wait.callers > 0).finally(() => {
      if (shared === wait) shared = undefined;
    }),
  };
  return wait;
}

/**
 * The stored token once usable, or the one this process fetches when it wins the refresh claim;
 * `wanted`: whether any caller still waits for it.
 */
async function nextToken(wanted: () => boolean): Promise<string> {
  for (;;) {
    const row = await claimOrRead();
    const stored = row.access_token ? decrypt(row.access_token, CONTEXT) : undefined;
    const usable = stored && row.expires_in_ms !== null && row.expires_in_ms > 1000;
    // The request is the fleet's, not a caller's: it goes on if every caller's budget ends first.
    if (row.claimed && !usable) return refresh(undefined);
    // A still-valid token is used while its replacement comes, here as in the rest of the fleet:
    // a slow token endpoint must not hold up the lookups of the process that asked it.
    if (row.claimed) void refresh(stored).catch((error: unknown) => log("warn", "registry gateway token refresh failed", describeError(error)));
    if (stored && usable) {
      // Past its refresh point (a refresh under way), read again soon: the new token is taken up
      // within a second, without a statement per call meanwhile.
      const refreshInMs = row.refresh_in_ms! > 0 ? row.refresh_in_ms! : Math.min(RECHECK_MS, row.expires_in_ms! - 1000);
      globalForToken.hubiGatewayToken = { token: stored, refreshAt: Date.now() + refreshInMs };
      return stored;
    }
    // Another process is fetching the token, or the fleet's request gap has not passed yet; nobody
    // here waits for it any more: the next caller starts a wait of its own.
    if (!wanted()) throw new RegistryUnavailableError("timeout");
    await delay(WAIT_STEP_MS);
  }
}

/** This process's copy of the token while it is before its refresh point. */
function freshCachedToken(): string | undefined {
  const cached = globalForToken.hubiGatewayToken;
  return cached && Date.now() < cached.refreshAt ? cached.token : undefined;
}

/** Whether `gatewayToken` would answer at once, from this process's copy. */
export const hasFreshToken = (): boolean => freshCachedToken() !== undefined;

/**
 * The token to send now, for a caller that took `held` before a wait (for quota): this process's
 * copy when it has a fresh one, which a refresh during a long wait (a 429's pause) has replaced;
 * never `stale`, the one the gateway refused.
 */
export function currentToken(held: string, stale?: string): string {
  const cached = freshCachedToken();
  return cached && cached !== stale ? cached : held;
}

/**
 * Claims the refresh when the stored token is due (or was refused: `forgetRefused`) and nobody
 * holds the claim and the last request is far enough back; returns the row either way.
 */
async function claimOrRead(): Promise<Row> {
  await pool().query("INSERT INTO registry_gateway (gateway) VALUES ($1) ON CONFLICT DO NOTHING", [gatewayKey()]);
  const { rows } = await pool().query<Row>(
    `WITH claim AS (
       UPDATE registry_gateway SET refresh_claimed_until = now() + make_interval(secs => $1), token_requested_at = now()
        WHERE gateway = $3
          AND (token_refresh_at IS NULL OR token_refresh_at <= now())
          AND (refresh_claimed_until IS NULL OR refresh_claimed_until < now())
          AND (token_requested_at IS NULL OR token_requested_at < now() - make_interval(secs => $2))
        RETURNING 1)
     SELECT access_token, EXISTS (SELECT 1 FROM claim) AS claimed,
            (extract(epoch FROM token_refresh_at - now()) * 1000)::float8 AS refresh_in_ms,
            (extract(epoch FROM token_expires_at - now()) * 1000)::float8 AS expires_in_ms
       FROM registry_gateway WHERE gateway = $3`,
    [claimSeconds(), MIN_REQUEST_GAP_SECONDS, gatewayKey()],
  );
  return rows[0]!;
}

/**
 * The token the gateway refused, dropped from this process's copy and, if it is still the stored
 * one, marked expired (due for refresh at once), so that no caller in the fleet sends it again.
 */
async function forgetRefused(stale: string): Promise<void> {
  if (globalForToken.hubiGatewayToken?.token === stale) globalForToken.hubiGatewayToken = undefined;
  const { rows } = await pool().query<{ access_token: Buffer | null }>("SELECT access_token FROM registry_gateway WHERE gateway = $1", [gatewayKey()]);
  const sealed = rows[0]?.access_token;
  if (!sealed || decrypt(sealed, CONTEXT) !== stale) return;
  await pool().query(
    "UPDATE registry_gateway SET token_expires_at = least(token_expires_at, now()), token_refresh_at = least(token_refresh_at, now()) WHERE gateway = $1 AND access_token = $2",
    [gatewayKey(), sealed],
  );
}

/** The refresh claim outlasts the token request it covers (its timeout), so that no other process claims while it is out. */
const claimSeconds = () => Math.ceil(env().REGISTRY_TIMEOUT_MS / 1000) + 5;

/** Fetches a token as the claim's holder and stores it. While it runs, `fallback` (still valid) may be used by others. */
async function refresh(fallback: string | undefined): Promise<string> {
  const { REGISTRY_URL, REGISTRY_CLIENT_ID, REGISTRY_TIMEOUT_MS } = env();
  const signal = AbortSignal.timeout(REGISTRY_TIMEOUT_MS);
  try {
    const form = new URLSearchParams({ grant_type: "client_credentials", client_id: REGISTRY_CLIENT_ID, client_secret: clientSecret() });
    const res = await postToGateway(REGISTRY_URL!, "oauth/token", { body: form.toString(), contentType: "application/x-www-form-urlencoded", signal });
    log(res.status === 200 ? "info" : "warn", "registry gateway token request", { gatewayStatus: res.status, latencyMs: Math.round(res.latencyMs) });
    if (res.status === 401) throw new UpstreamFault("credentials", 401);
    if (res.status !== 200) throw new UpstreamFault("status", res.status, res.retryAfterSeconds);
    const parsed = tokenBody.safeParse(res.body);
    if (!parsed.success) throw new UpstreamFault("malformed", 200);
    const lifetime = parsed.data.expires_in;
    const fresh = { token: parsed.data.access_token, refreshAt: Date.now() + lifetime * 800 };
    // Stored by the database's clock, which every process of the fleet reads the same.
    await pool().query(
      `UPDATE registry_gateway SET access_token = $1, token_refresh_at = now() + make_interval(secs => $2::float8 * 0.8),
              token_expires_at = now() + make_interval(secs => $2::float8), refresh_claimed_until = NULL WHERE gateway = $3`,
      [encrypt(fresh.token, CONTEXT), lifetime, gatewayKey()],
    );
    globalForToken.hubiGatewayToken = fresh;
    return fresh.token;
  } catch (error) {
    // A refusal that says when to ask again (a 429's Retry-After) keeps the claim until then: no
    // process of the fleet asks before.
    const retryAfter = error instanceof UpstreamFault ? (error.retryAfterSeconds ?? 0) : 0;
    await pool().query("UPDATE registry_gateway SET refresh_claimed_until = now() + make_interval(secs => $2) WHERE gateway = $1", [
      gatewayKey(),
      retryAfter,
    ]);
    if (fallback) return fallback;
    throw error;
  }
}

function clientSecret(): string {
  const file = env().REGISTRY_CLIENT_SECRET_FILE;
  return file ? fs.readFileSync(file, "utf8").trim() : env().REGISTRY_CLIENT_SECRET;
}

/** Forgets this process's copy (tests that reset the simulator's tokens). */
export function forgetCachedToken(): void {
  globalForToken.hubiGatewayToken = undefined;
}
