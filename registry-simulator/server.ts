/**
 * The bundled registry gateway simulator: the whole gateway interface (OAuth client-credentials
 * tokens, single and group lookups, quota with 429, outages, malformed bodies), seeded with the
 * demo citizens. Not part of the Next.js app: `npm start` runs it when REGISTRY_URL is unset, the
 * tests and the benchmark run their own. Its admin endpoints (under /__admin) set levers and count
 * requests per one-second window, so that a test can prove the quota was never exceeded.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { DEMO_CITIZENS, generatedCitizen, type GatewayRecord } from "./citizens";
import { DEFAULT_LEVERS, type Levers } from "./levers";

export type Counts = {
  /** Lookup requests (single and batch) that arrived, per epoch second, 429s included. */
  lookupsPerSecond: Record<string, number>;
  lookups: number;
  batchLookups: number;
  tokenRequests: number;
  /** Lookups refused for their token (missing, expired or revoked): 401 invalid_token. */
  tokensRefused: number;
  rateLimited: number;
  /** The X-Request-ID of each lookup, in arrival order. */
  requestIds: string[];
};

export type RegistrySimulator = {
  url: string;
  levers: Levers;
  counts: () => Counts;
  /** Lookups the hang lever holds right now. */
  held: () => number;
  stop: () => Promise<void>;
};

const MAX_BATCH = 100;

/**
 * Starts a simulator on `port` (default: any free one); `anyPortIfTaken`: on any free port when
 * `port` is taken (`npm start`'s default port, which another program may hold), else a taken port
 * is an error.
 */
export async function startRegistrySimulator(
  options: { port?: number; anyPortIfTaken?: boolean; host?: string; levers?: Partial<Levers> } = {},
): Promise<RegistrySimulator> {
  const levers: Levers = { ...DEFAULT_LEVERS, ...options.levers };
  const citizens = new Map<string, GatewayRecord>(DEMO_CITIZENS.map((c) => [c.nin, c]));
  const tokens = new Map<string, number>();
  const tokenRequestTimes: number[] = [];
  /** Lookups the hang lever holds, each with the way on to its usual answer. */
  const hanging = new Map<http.ServerResponse, () => void>();
  let counts = emptyCounts();

  const server = http.createServer((req, res) => {
    readBody(req)
      .then((body) => route(req, res, body))
      .catch(() => send(res, 500, { error: "internal" }));
  });
  server.keepAliveTimeout = 60_000;

  async function route(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const path = (req.url ?? "/").split("?")[0];
    if (path!.startsWith("/__admin/")) return admin(req, res, path!, body);
    if (req.method !== "POST") return send(res, 405, { error: "method_not_allowed" });
    if (path === "/oauth/token") return token(res, body);
    if (path === "/v1/identities/lookup" || path === "/v1/identities/lookup-batch") return lookup(req, res, path, body);
    return send(res, 404, { error: "not_found" });
  }

  async function token(res: http.ServerResponse, body: string) {
    counts.tokenRequests += 1;
    if (levers.tokenLatencyMs > 0) await new Promise((r) => setTimeout(r, levers.tokenLatencyMs));
    if (levers.tokenStatus) return refuse(res, levers.tokenStatus);
    const now = Date.now();
    while (tokenRequestTimes.length && tokenRequestTimes[0]! <= now - 60_000) tokenRequestTimes.shift();
    if (tokenRequestTimes.length >= levers.maxTokenRequestsPerMinute) {
      return send(res, 429, { error: "rate_limited" }, { "Retry-After": String(Math.ceil((tokenRequestTimes[0]! + 60_000 - now) / 1000)) });
    }
    tokenRequestTimes.push(now);
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "client_credentials") return send(res, 400, { error: "unsupported_grant_type" });
    if (form.get("client_id") !== levers.clientId || form.get("client_secret") !== levers.clientSecret) return send(res, 401, { error: "invalid_client" });
    const accessToken = randomBytes(24).toString("base64url");
    tokens.set(accessToken, now + levers.tokenLifetimeSeconds * 1000);
    send(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: levers.tokenLifetimeSeconds });
  }

  async function lookup(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: string) {
    const requestId = header(req, "x-request-id");
    if (requestId) res.setHeader("X-Request-ID", requestId);
    const auth = header(req, "authorization")?.replace(/^Bearer /, "");
    const expiresAt = auth ? tokens.get(auth) : undefined;
    if (!expiresAt || expiresAt <= Date.now()) {
      counts.tokensRefused += 1;
      return send(res, 401, { error: "invalid_token" });
    }
    const batch = path.endsWith("-batch");
    counts.lookups += 1;
    if (batch) counts.batchLookups += 1;
    counts.requestIds.push(requestId ?? "");
    const second = String(Math.floor(Date.now() / 1000));
    counts.lookupsPerSecond[second] = (counts.lookupsPerSecond[second] ?? 0) + 1;
    if (levers.maxRps > 0 && counts.lookupsPerSecond[second]! > levers.maxRps) {
      counts.rateLimited += 1;
      return send(res, 429, { error: "rate_limited" }, { "Retry-After": "1" });
    }
    if (levers.hang) {
      const released = await new Promise<boolean>((resolve) => {
        hanging.set(res, () => resolve(true));
        res.once("close", () => {
          hanging.delete(res);
          resolve(false);
        });
      });
      if (!released) return;
    }
    if (levers.latencyMs > 0) await new Promise((r) => setTimeout(r, levers.latencyMs));
    if (levers.status) return refuse(res, levers.status);
    const parsed = parseJson(body);
    const nins = batch ? (parsed as { nins?: unknown })?.nins : [(parsed as { nin?: unknown })?.nin];
    if (!Array.isArray(nins) || nins.length === 0 || nins.length > MAX_BATCH || !nins.every((n) => typeof n === "string" && /^[0-9]{11}$/.test(n))) {
      return send(res, 400, { error: "invalid_request", message: batch ? "nins must be 1 to 100 NINs of 11 digits" : "nin must be 11 digits" });
    }
    if (nins.some((n) => levers.badRequestNins.includes(n))) return send(res, 400, { error: "invalid_request", message: "NIN rejected" });
    if (nins.some((n) => levers.unavailableNins.includes(n))) return refuse(res, 503);
    if (levers.malformed !== "off") return sendMalformed(res, nins as string[]);
    const found = (nins as string[]).map((n) => citizens.get(n) ?? (levers.generateUnknown ? generatedCitizen(n) : undefined));
    if (batch) return send(res, 200, { results: found.map((r, i) => (r ? { ...r, found: true } : { nin: nins[i], found: false })) });
    return found[0] ? send(res, 200, found[0]) : send(res, 404, { error: "not_found" });
  }

  /** A refusal the levers asked for, with their Retry-After. */
  function refuse(res: http.ServerResponse, status: number) {
    const retryAfter: Record<string, string> = levers.retryAfterSeconds > 0 ? { "Retry-After": String(levers.retryAfterSeconds) } : {};
    send(res, status, { error: status === 503 ? "unavailable" : status === 429 ? "rate_limited" : "internal" }, retryAfter);
  }

  function sendMalformed(res: http.ServerResponse, nins: string[]) {
    const record = citizens.get(nins[0]!) ?? DEMO_CITIZENS[0]!;
    switch (levers.malformed) {
      case "truncated":
        return sendRaw(res, 200, JSON.stringify(record).slice(0, 40));
      case "missing_field":
        return send(res, 200, { nin: nins[0], status: "ACTIVE", person: record.person });
      case "wrong_type":
        return send(res, 200, { ...record, nin: nins[0], card: { ...record.card, expiryDate: 20340114 } });
      case "wrong_order":
        return send(res, 200, { results: [...nins].reverse().map((nin) => ({ nin, found: false })) });
      case "oversized":
        return send(res, 200, { ...record, nin: nins[0], padding: "x".repeat(70 * 1024) });
      case "oversized_chunked": {
        // No Content-Length: the client must cut the body off as it streams past the limit.
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ ...record, nin: nins[0], padding: "x".repeat(70 * 1024) }));
        return;
      }
    }
  }

  function admin(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: string) {
    if (path === "/__admin/levers") {
      if (req.method === "PATCH") Object.assign(levers, parseJson(body));
      if (!levers.hang) {
        for (const [r, answer] of hanging) {
          hanging.delete(r);
          if (levers.releaseAnswers) answer();
          else send(r, 504, { error: "released" });
        }
      }
      return send(res, 200, levers);
    }
    if (path === "/__admin/citizens" && req.method === "PUT") {
      for (const c of parseJson(body) as GatewayRecord[]) citizens.set(c.nin, c);
      return send(res, 200, { citizens: citizens.size });
    }
    if (path === "/__admin/counts") return send(res, 200, counts);
    if (path === "/__admin/reset" && req.method === "POST") {
      counts = emptyCounts();
      return send(res, 200, counts);
    }
    if (path === "/__admin/revoke-tokens" && req.method === "POST") {
      tokens.clear();
      return send(res, 200, {});
    }
    return send(res, 404, { error: "not_found" });
  }

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, options.host ?? "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(options.port ?? 0).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE" && options.anyPortIfTaken) return listen(0);
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    levers,
    counts: () => counts,
    held: () => hanging.size,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const r of hanging.keys()) r.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function emptyCounts(): Counts {
  return { lookupsPerSecond: {}, lookups: 0, batchLookups: 0, tokenRequests: 0, tokensRefused: 0, rateLimited: 0, requestIds: [] };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  sendRaw(res, status, JSON.stringify(body), headers);
}

function sendRaw(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  if (res.writableEnded) return;
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}
