/**
 * HTTP to the registry gateway through undici: one kept-alive connection pool per process. A
 * response that declares more than 64 KiB is refused unread; one that streams past it is cut off.
 * The body is parsed as JSON here and validated by the caller; what is not JSON is `MALFORMED`.
 */
import { Pool, errors } from "undici";
import { env } from "@/env";
import { UpstreamFault } from "./faults";

export const MAX_RESPONSE_BYTES = 64 * 1024;
/** The longest Retry-After Hubi honours: a longer one is read as this. */
export const MAX_RETRY_AFTER_SECONDS = 3600;
export const MALFORMED = Symbol("malformed body");

export type GatewayResponse = { status: number; body: unknown; retryAfterSeconds?: number; latencyMs: number };

const globalForPool = globalThis as unknown as { hubiGatewayPools?: Map<string, Pool> };

/**
 * As many connections as the shared quota can keep calls in flight (REGISTRY_MAX_RPS calls a second,
 * each lasting at most REGISTRY_TIMEOUT_MS), at least 32; opened only as needed. A call never waits
 * in the pool for a connection: one that waited could leave after its caller's budget (a lookup
 * that goes on past it has stopped watching the budget), off the quota slot it was given.
 */
function connectionsFor(): number {
  const { REGISTRY_MAX_RPS, REGISTRY_TIMEOUT_MS } = env();
  return Math.max(32, Math.ceil((REGISTRY_MAX_RPS * REGISTRY_TIMEOUT_MS) / 1000));
}

function poolFor(origin: string): Pool {
  globalForPool.hubiGatewayPools ??= new Map();
  let pool = globalForPool.hubiGatewayPools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: connectionsFor(), keepAliveTimeout: 30_000, maxResponseSize: MAX_RESPONSE_BYTES, connectTimeout: 2_000 });
    globalForPool.hubiGatewayPools.set(origin, pool);
  }
  return pool;
}

export async function postToGateway(
  baseUrl: string,
  path: string,
  request: { body: string; contentType: string; headers?: Record<string, string>; signal: AbortSignal },
): Promise<GatewayResponse> {
  const url = new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  const started = performance.now();
  try {
    const res = await poolFor(url.origin).request({
      path: url.pathname,
      method: "POST",
      headers: { "content-type": request.contentType, accept: "application/json", ...request.headers },
      body: request.body,
      signal: request.signal,
    });
    const declared = Number(res.headers["content-length"] ?? 0);
    if (declared > MAX_RESPONSE_BYTES) {
      res.body.destroy();
      throw new UpstreamFault("oversized", res.statusCode);
    }
    const text = await res.body.text();
    return { status: res.statusCode, body: parseJson(text), retryAfterSeconds: retryAfter(res.headers["retry-after"]), latencyMs: performance.now() - started };
  } catch (error) {
    if (error instanceof UpstreamFault) throw error;
    if (error instanceof errors.ResponseExceededMaxSizeError) throw new UpstreamFault("oversized");
    if (request.signal.aborted) throw new UpstreamFault("timeout");
    throw new UpstreamFault(NOT_CONNECTED.has((error as { code?: string }).code ?? "") ? "unreachable" : "connection");
  }
}

/** Errors of a request that never reached the gateway: no connection was made. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return MALFORMED;
  }
}

function retryAfter(header: string | string[] | undefined): number | undefined {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, MAX_RETRY_AFTER_SECONDS) : undefined;
}
