/**
 * `listen`: an integrator's development tool in the manner of `stripe listen`. With nothing but an
 * API key it follows the key's business and mode through the event feed (GET /api/v1/events/feed,
 * long-polled) of any Hubi, hosted or local, and forwards each event, signed per Standard Webhooks,
 * to a receiver on the developer's machine, so the receiver can be built without a public URL.
 *
 * The feed's cursor skips and repeats nothing, so neither does `listen`: it moves past an event
 * only once it has forwarded it, and `--after` (the last event id it printed, or the `resume` value
 * it prints when stopped) continues where a previous run left off. Ctrl-C ends the wait at once, or
 * lets the event being forwarded finish first.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { WebhookEvent } from "@/contracts/events";
import { FEED_MAX_WAIT_SECONDS } from "@/contracts/events-api";
import { eventBody, generateSecret, isSigningSecret, signatureHeaders } from "@/server/webhooks/standard-webhooks";
import { DELIVERY_TIMEOUT_MS } from "@/server/webhooks/send-request";

export type ListenOptions = {
  baseUrl: string;
  apiKey: string;
  forwardTo: string;
  /** A cursor or event id to continue after; without it, events from now on. */
  after?: string;
  /** The secret the receiver verifies with; without it, one made for this session (printed). */
  secret?: string;
  /** One line at start, one per forwarded event, one per connection problem. */
  print: (line: object) => void;
  /** Resolves when listening should stop (Ctrl-C). */
  stopped: Promise<void>;
};

type FeedPage = { data: WebhookEvent[]; cursor: string; hasMore: boolean };

/** Waits after a failed feed request: doubling from 1 s to 30 s, or what a 429 asked. */
const backoffMs = (failures: number) => Math.min(30_000, 1_000 * 2 ** Math.min(failures - 1, 5));

export async function listen(o: ListenOptions): Promise<{ forwarded: number; resume: string | null }> {
  const forwardTo = httpUrl(o.forwardTo, "--forward-to");
  const feedUrl = new URL("api/v1/events/feed", `${httpUrl(o.baseUrl, "--base-url").href.replace(/\/?$/, "/")}`);
  if (!o.apiKey) throw new Error("Give an API key: --api-key KEY, or HUBI_API_KEY in the environment");
  if (o.secret !== undefined && !isSigningSecret(o.secret)) throw new Error("--secret must be a whsec_… signing secret");
  const secret = o.secret ?? generateSecret();

  const stop = new AbortController();
  void o.stopped.then(() => stop.abort());
  let position = o.after;
  let forwarded = 0;
  let failures = 0;
  let started = false;

  while (!stop.signal.aborted) {
    // The first request answers at once: it checks the key and fixes the starting point.
    const result = await fetchFeed(feedUrl, o.apiKey, position, started ? FEED_MAX_WAIT_SECONDS : 0, stop.signal);
    if (stop.signal.aborted) break;
    if ("fatal" in result) throw new Error(result.fatal);
    if ("retry" in result) {
      failures++;
      const waitMs = result.retryAfterMs ?? backoffMs(failures);
      o.print({ reconnecting: true, error: result.retry, retryInSeconds: Math.round(waitMs / 1000) });
      await sleep(waitMs, undefined, { signal: stop.signal }).catch(() => {});
      continue;
    }
    failures = 0;
    if (!started) {
      started = true;
      o.print({ listening: true, mode: result.mode, forwardTo: forwardTo.href, secret, secretSource: o.secret ? "given" : "session" });
    }
    for (const event of result.page.data) {
      o.print({ event: event.id, type: event.type, ...(await forward(forwardTo, event, secret)) });
      forwarded++;
      position = event.id;
      if (stop.signal.aborted) return { forwarded, resume: position };
    }
    position = result.page.cursor;
  }
  return { forwarded, resume: position ?? null };
}

function httpUrl(value: string, flag: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${flag} must be a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${flag} must be an http(s) URL`);
  return url;
}

type FeedResult =
  | { page: FeedPage; mode: string }
  | { retry: string; retryAfterMs?: number }
  | { fatal: string };

async function fetchFeed(feedUrl: URL, apiKey: string, after: string | undefined, waitSeconds: number, signal: AbortSignal): Promise<FeedResult> {
  const url = new URL(feedUrl);
  url.searchParams.set("wait", String(waitSeconds));
  if (after) url.searchParams.set("after", after);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${apiKey}` },
      // The server answers within the wait; past that (and a margin) the connection is stale.
      signal: AbortSignal.any([signal, AbortSignal.timeout((FEED_MAX_WAIT_SECONDS + 30) * 1000)]),
    });
  } catch (error) {
    return { retry: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error) };
  }
  const body = (await response.json().catch(() => null)) as (FeedPage & { message?: string }) | null;
  if (response.ok && body) return { page: body, mode: apiKey.startsWith("hubi_live_") ? "live" : "test" };
  const message = body?.message ?? `HTTP ${response.status}`;
  if (response.status === 429 || response.status >= 500) {
    const reset = Number(response.headers.get("retry-after"));
    return { retry: message, ...(reset > 0 ? { retryAfterMs: reset * 1000 } : {}) };
  }
  // A revoked key, a suspended business, a cursor from elsewhere: waiting will not fix it.
  return { fatal: `${message} (HTTP ${response.status})` };
}

async function forward(url: URL, event: WebhookEvent, secret: string): Promise<{ status: number } | { error: string }> {
  const body = eventBody(event);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Hubi-CLI-listen", ...signatureHeaders(event.id, new Date(), body, [secret]) },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { status: response.status };
  } catch (error) {
    return { error: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error) };
  }
}
