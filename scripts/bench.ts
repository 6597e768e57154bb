/**
 * `npm run bench`: throughput and latency of the real /api/v1 pipeline, measured against
 * GET /api/health (one route handler + one query) in the same run on the same machine.
 *
 * A fresh embedded PostgreSQL with 1,000,000 seeded verifications; the benchmark business has a
 * raised rate limit and enough credits, so every request passes every check of the pipeline
 * (auth, rate limit, validation, credits, audit) — nothing is bypassed.
 */
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { startTestDatabase } from "../test/support/database";
import { startApp } from "../test/support/app";
import { appEnv } from "../test/support/env";
import { benchLiveScaling } from "./lib/bench-live-scaling";
import { benchBatch } from "./lib/bench-batch";
import { benchWebProcesses } from "./lib/bench-web-processes";
import { benchGateway, gatewayEnv, liveAgainstSandboxInTurns, liveVerify } from "./lib/bench-gateway";
import { startSimulatorProcess } from "./lib/simulator-process";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const SEEDED = Number(process.env.BENCH_SEEDED || 1_000_000);
/** Latency is also measured at low concurrency, where it is the server's time, not queueing. */
const LATENCY_CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS || 4);
/** Live against sandbox verify is also measured in this many alternating turns of each (BENCH_TURN_SECONDS long). */
const TURNS = Number(process.env.BENCH_TURNS || 5);
const TURN_SECONDS = Number(process.env.BENCH_TURN_SECONDS || 4);
const DEEP_PAGE = 5_000;
/** The gateway simulator's latency for live verifies (0: the lane measures Hubi's own overhead). */
const GATEWAY_LATENCY_MS = Number(process.env.BENCH_GATEWAY_LATENCY_MS || 0);
/** `npm run bench -- --only=batch` (or routes, scaling, processes, gateway, or several: `--only=routes,gateway`) runs those parts; the default runs all five. */
const ONLY = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length).split(",");
const part = (name: "routes" | "scaling" | "processes" | "batch" | "gateway") => !ONLY || ONLY.includes(name);

type Row = { name: string; rps: number; p50: number; p99: number; lowP50: number; lowP99: number; errors: number; non2xx: number };

async function main() {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.log("Building the app…");
    if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
  }
  const database = await startTestDatabase();
  const env = appEnv(database.url);
  // The tests' registry hooks (a failing ID, slow IDs) are no part of a deployment's path.
  delete env.REGISTRY_FAILING_NATIONAL_ID;
  delete env.REGISTRY_SLOW_NATIONAL_IDS;
  Object.assign(process.env, env);
  try {
    if (part("routes") || part("scaling") || part("processes")) await benchRoutes(env);
    if (part("batch")) await benchBatch(env);
    if (part("gateway")) await benchGateway(env, { duration: DURATION });
  } finally {
    await database.stop();
  }
}

async function benchRoutes(env: Record<string, string>) {
  const { seed } = await import("./lib/bench-seed");
  console.log(`Seeding ${SEEDED.toLocaleString("en")} verifications…`);
  const fixture = await seed(SEEDED);
  if (part("routes") || part("scaling")) await benchOneApp(env, fixture);
  if (part("processes")) await benchWebProcesses(env, fixture.testKey, { connections: CONNECTIONS, duration: DURATION });
}

async function benchOneApp(env: Record<string, string>, fixture: Awaited<ReturnType<typeof import("./lib/bench-seed").seed>>) {
  // Live verifies take the production path: the registry gateway (the simulator, every ID a
  // citizen, no quota of its own; Hubi's shared quota raised out of the way).
  const gateway = await startSimulatorProcess({ generateUnknown: true, maxRps: 0, latencyMs: GATEWAY_LATENCY_MS });
  // As production serves (`npm run web`): the API past Next.js's router.
  const app = await startApp({ env: { ...env, ...gatewayEnv(gateway, 10_000), LOG_LEVEL: "warn" }, name: "bench", processes: 1 });
  try {
    const auth = (key: string) => ({ authorization: `Bearer ${key}`, "content-type": "application/json" });
    // With consent, as a new live business must send it.
    const verifyBody = (nationalId: string) =>
      JSON.stringify({ nationalId, purpose: "Benchmark", consent: { obtainedAt: new Date().toISOString(), method: "electronic" } });
    const sandbox: autocannon.Options = { url: `${app.url}/api/v1/verify/citizen`, method: "POST", headers: auth(fixture.testKey), body: verifyBody("11111111111") };
    const live = liveVerify(app.url, fixture.liveKey, fixture.liveNationalId);
    const runs: [string, autocannon.Options][] = [
      ["GET /api/health (baseline)", { url: `${app.url}/api/health` }],
      ["POST /verify/citizen (sandbox)", sandbox],
      [`POST /verify/citizen (live, gateway ${GATEWAY_LATENCY_MS} ms)`, live],
      ["GET /verifications page 1", { url: `${app.url}/api/v1/verifications?page=1&limit=20`, headers: auth(fixture.testKey) }],
      [`GET /verifications page ${DEEP_PAGE.toLocaleString("en")}`, { url: `${app.url}/api/v1/verifications?page=${DEEP_PAGE}&limit=20`, headers: auth(fixture.testKey) }],
    ];
    // Warm up every route once (JIT, connection pool) before measuring.
    for (const [, opts] of runs) await autocannon({ ...opts, connections: 10, duration: 2 });
    const rows: Row[] = [];
    for (const [name, opts] of runs) {
      const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION });
      const low = await autocannon({ ...opts, connections: LATENCY_CONNECTIONS, duration: Math.max(3, DURATION / 2) });
      rows.push({
        name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        lowP50: low.latency.p50,
        lowP99: low.latency.p99,
        errors: r.errors + r.timeouts + low.errors + low.timeouts,
        non2xx: r.non2xx + low.non2xx,
      });
    }
    report(rows, fixture);
    if (part("routes")) await liveAgainstSandboxInTurns(sandbox, live, { connections: CONNECTIONS, turns: TURNS, seconds: TURN_SECONDS, gatewayMs: GATEWAY_LATENCY_MS });
    if (part("scaling")) await benchLiveScaling(app.url, { connections: CONNECTIONS, duration: DURATION });
  } finally {
    await app.stop();
    await gateway.stop();
  }
}

function report(rows: Row[], fixture: { verificationsCreatedBefore: number }) {
  const base = rows[0]!.rps;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per route, ${fixture.verificationsCreatedBefore.toLocaleString("en")} verifications seeded\n`);
  const c = String(CONNECTIONS);
  const l = String(LATENCY_CONNECTIONS);
  console.log(
    `${"route".padEnd(34)} ${"req/s".padStart(7)} ${"vs health".padStart(9)} ${`p50@${c}`.padStart(8)} ${`p99@${c}`.padStart(8)} ${`p50@${l}`.padStart(7)} ${`p99@${l}`.padStart(7)} ${"non-2xx".padStart(7)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} ${`${((r.rps / base) * 100).toFixed(0)} %`.padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.lowP50).padStart(7)} ${String(r.lowP99).padStart(7)} ${String(r.non2xx + r.errors).padStart(7)}`,
    );
  }
  console.log("\nLatencies in ms. At a fixed number of connections, mean latency = connections / throughput (Little's law),");
  console.log(`so p99@${c} mostly measures queueing; p99@${l} is the time the server takes per request.`);
  console.log("\nTargets: verify ≥ 50 % of health and p99 ≤ 50 ms; list p99 ≤ 50 ms at page 1 and deep pages.");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
