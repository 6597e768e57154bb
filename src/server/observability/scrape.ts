/**
 * What `/metrics` answers. Never public: without METRICS_TOKEN the endpoint does not exist (404);
 * with it, only `Authorization: Bearer <METRICS_TOKEN>` gets the figures (401 otherwise). In a
 * cluster of web processes, the figures are the sum of all of them.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { register } from "prom-client";
import { env } from "@/env";
import { metrics } from "./metrics";
import { clusterMetrics } from "./cluster-metrics";

export type Scrape = { status: 200 | 401 | 404; body: string; headers: Record<string, string> };

const TEXT = "text/plain; charset=utf-8";

export async function scrapeMetrics(authorization: string | null): Promise<Scrape> {
  const token = env().METRICS_TOKEN;
  if (!token) return { status: 404, body: "Not found\n", headers: { "Content-Type": TEXT } };
  if (!bearerMatches(authorization, token)) {
    return { status: 401, body: "Unauthorized\n", headers: { "Content-Type": TEXT, "WWW-Authenticate": 'Bearer realm="metrics"' } };
  }
  metrics();
  const body = (await clusterMetrics()) ?? (await register.metrics());
  return { status: 200, body, headers: { "Content-Type": register.contentType, "Cache-Control": "no-store" } };
}

/** Compared as digests, in constant time: the token's length and content do not leak through timing. */
function bearerMatches(authorization: string | null, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  if (!given) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}
