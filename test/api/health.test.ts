/**
 * Liveness, readiness and the request log lines, on the shared app and on an app of its own whose
 * database and Redis are unreachable (a closed port): that one stays alive, is not ready and says
 * why, without disturbing the shared app.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { api } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createTestBusiness } from "../support/factories";
import { checkReadiness } from "@/server/health/readiness";
import { generateApiKey } from "@/server/crypto/api-keys";

/** Nothing listens on port 1: connections are refused at once. */
const CLOSED = "127.0.0.1:1";

const get = async (base: string, p: string) => {
  const res = await fetch(`${base}${p}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** The JSON lines of an app's log, waiting until one matches (its output reaches the file through a pipe). */
async function logLine(file: string, match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = jsonLines(file).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching log line in ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const jsonLines = (file: string) =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("health of the shared app", () => {
  it("is live, ready with every part named, and keeps /api/health as it was", async () => {
    expect(await get(inject("baseUrl"), "/api/health/live")).toEqual({ status: 200, body: { status: "ok" } });
    expect(await get(inject("baseUrl"), "/api/health/ready")).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: "ok", redis: "not_configured", migrations: "ok" }, failing: [], registry: "mirror" },
    });
    expect(await get(inject("baseUrl"), "/api/health")).toEqual({ status: 200, body: { status: "ok", database: "ok" } });
  });

  it("answers never to be cached, with the API's security headers", async () => {
    for (const p of ["/api/health", "/api/health/live", "/api/health/ready"]) {
      const res = await fetch(`${inject("baseUrl")}${p}`);
      expect([res.headers.get("cache-control"), res.headers.get("x-content-type-options")], p).toEqual(["no-store", "nosniff"]);
    }
  });

  it("is not ready while a migration of its build is not applied", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-migrations-"));
    for (const name of [...fs.readdirSync("prisma/migrations").filter((n) => !n.includes(".")), "29991231000000_not_applied_yet"]) {
      fs.mkdirSync(path.join(dir, name));
    }
    const readiness = await checkReadiness({ migrationsDir: dir });
    expect(readiness).toMatchObject({ status: "unready", checks: { database: "ok", migrations: "pending" }, failing: ["migrations"] });
    fs.rmSync(dir, { recursive: true });
  });
});

describe("an app whose database and Redis are down", () => {
  let app: RunningApp;
  beforeAll(async () => {
    // Through the web start, as production runs it. At LOG_LEVEL=warn it logs no "web ready" line:
    // it tells the harness over its IPC channel that it is up (a harness that read the line hung).
    app = await startApp({
      name: "vitest-app-dependencies-down",
      waitFor: "/api/health/live",
      processes: 1,
      env: { DATABASE_URL: `postgresql://hubi:x@${CLOSED}/hubi`, REDIS_URL: `redis://${CLOSED}`, METRICS_TOKEN: "", LOG_LEVEL: "warn" },
    });
  });
  afterAll(() => app?.stop());

  it("comes up at LOG_LEVEL=warn without a line below it", () => {
    expect(fs.readFileSync(app.logFile, "utf8")).not.toContain('"level":"info"');
  });

  it("stays live and answers unready, naming the parts that fail", async () => {
    expect(await get(app.url, "/api/health/live")).toEqual({ status: 200, body: { status: "ok" } });
    const started = Date.now();
    const ready = await get(app.url, "/api/health/ready");
    // Each check is bounded (2 s): a probe gets its answer long before an orchestrator gives up.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(ready).toEqual({
      status: 503,
      body: {
        status: "unready",
        checks: { database: "unreachable", redis: "unreachable", migrations: "unknown" },
        failing: ["database", "redis", "migrations"],
        registry: "mirror",
      },
    });
  });

  it("has no /metrics without METRICS_TOKEN", async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
  });

  it("logs at LOG_LEVEL and above only", async () => {
    // With the database down, an authenticated request fails on our side: an error line, no info line.
    const key = generateApiKey("test");
    const first = await api("GET", "/verifications", { key, baseUrl: app.url });
    const second = await api("GET", "/verifications", { key, baseUrl: app.url });
    expect([first.status, second.status]).toEqual([500, 500]);
    // Lines reach the file in order: once the second request's error line is there, the first's would be.
    await logLine(app.logFile, (l) => l.requestId === second.headers.get("x-request-id"));
    const firstLines = jsonLines(app.logFile).filter((l) => l.requestId === first.headers.get("x-request-id"));
    expect(firstLines.map((l) => [l.level, l.msg])).toEqual([["error", "unexpected error"]]);
    expect(jsonLines(app.logFile).every((l) => l.level === "warn" || l.level === "error")).toBe(true);
  });
});

describe("request log lines", () => {
  it("one JSON line per API request: time, level, request id, route pattern, status, duration, business, key hint", async () => {
    const biz = await createTestBusiness();
    const res = await api("GET", "/verifications/12345678901", { key: biz.testKey });
    expect(res.status).toBe(404);
    const requestId = res.headers.get("x-request-id");
    const logFile = path.resolve("artifacts/logs", `vitest-app-${new URL(inject("baseUrl")).port}.log`);
    const line = await logLine(logFile, (l) => l.requestId === requestId);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      route: "/api/v1/verifications/{id}",
      method: "GET",
      status: 404,
      businessId: biz.businessId,
      mode: "test",
      keyHint: `hubi_test_…${biz.testKey.slice(-4)}`,
    });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
    expect(line.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(line)).not.toContain("12345678901");
  });
});
