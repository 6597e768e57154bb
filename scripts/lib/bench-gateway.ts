/**
 * `npm run bench`, gateway: live verifications through the national registry's gateway (the
 * bundled simulator), the two figures a registry operator and an integrator ask about.
 *
 * - Overhead: live verifies against a gateway that takes a realistic time to answer
 *   (BENCH_GATEWAY_REALISTIC_MS, default 200), at one connection and at four. What Hubi adds is
 *   its p50 minus the gateway's p50, both measured from here in the same run at the same
 *   connections (the gateway asked directly, with a token, for the same ID). Target: ≤ 5 ms. At
 *   one connection also in 2-second turns of each, timed to 0.01 ms.
 * - Batch at the quota: a live batch (BENCH_GATEWAY_BATCH_ROWS, default 100,000) against a gateway
 *   that answers at once but allows REGISTRY_MAX_RPS calls a second (BENCH_GATEWAY_MAX_RPS, default
 *   20), each up to 100 IDs: the batch should use ≥ 90 % of that capacity, and the simulator's own
 *   one-second counts show whether the deployment ever exceeded it (it must not).
 */
import http from "node:http";
import autocannon from "autocannon";
import { disconnect } from "@/server/db/client";
import { startSimulatorProcess, type SimulatorProcess } from "./simulator-process";
import { startApp } from "../../test/support/app";
import { seedBusiness } from "./bench-seed";
import { batchAppEnv, runBatch } from "./bench-batch";

const REALISTIC_MS = Number(process.env.BENCH_GATEWAY_REALISTIC_MS || 200);
const MAX_RPS = Number(process.env.BENCH_GATEWAY_MAX_RPS || 20);
const BATCH_ROWS = Number(process.env.BENCH_GATEWAY_BATCH_ROWS || 100_000);
/** The most IDs one gateway call may carry (the gateway's lookup-batch limit). */
const IDS_PER_CALL = 100;

/** The app's settings that point it at a simulator, with the deployment's quota. */
export function gatewayEnv(gateway: SimulatorProcess, maxRps: number): Record<string, string> {
  return {
    REGISTRY_SOURCE: "gateway",
    REGISTRY_URL: gateway.url,
    REGISTRY_CLIENT_ID: gateway.levers.clientId,
    REGISTRY_CLIENT_SECRET: gateway.levers.clientSecret,
    REGISTRY_MAX_RPS: String(maxRps),
  };
}

/** A live verify as a new live business sends it (with consent). */
export function liveVerify(url: string, liveKey: string, nationalId: string): autocannon.Options {
  return {
    url: `${url}/api/v1/verify/citizen`,
    method: "POST",
    headers: { authorization: `Bearer ${liveKey}`, "content-type": "application/json" },
    body: JSON.stringify({ nationalId, purpose: "Benchmark", consent: { obtainedAt: new Date().toISOString(), method: "electronic" } }),
  };
}

export async function benchGateway(env: Record<string, string>, o: { duration: number }) {
  const { liveKey } = await seedBusiness("Gateway Benchmark");
  await disconnect();
  await overhead(env, liveKey, o.duration);
  await batchAtQuota(env, liveKey);
}

async function overhead(env: Record<string, string>, liveKey: string, duration: number) {
  const gateway = await startSimulatorProcess({ generateUnknown: true, maxRps: 0, latencyMs: REALISTIC_MS });
  const app = await startApp({ env: { ...env, ...gatewayEnv(gateway, 10_000), LOG_LEVEL: "warn" }, name: "bench-gateway", processes: 1 });
  try {
    const nationalId = "25200000002";
    const hubi = liveVerify(app.url, liveKey, nationalId);
    const direct = await directLookup(gateway, nationalId);
    await autocannon({ ...hubi, connections: 4, duration: 3 });
    console.log(`\nGateway answering in ${REALISTIC_MS} ms; live verify through Hubi vs the gateway asked directly:`);
    const one = await inTurns(hubi, direct, duration);
    console.log(
      `  1 connection, in turns of 2 s (${one.requests} requests): Hubi p50 ${one.hubi.toFixed(2)} ms, gateway p50 ${one.gateway.toFixed(2)} ms; ` +
        `Hubi's own share of the p50: ${(one.hubi - one.gateway).toFixed(2)} ms (target ≤ 5 ms)`,
    );
    for (const connections of [1, 4]) {
      const through = await autocannon({ ...hubi, connections, duration });
      const alone = await autocannon({ ...direct, connections, duration });
      const failed = through.non2xx + through.errors + alone.non2xx + alone.errors;
      console.log(
        `  ${connections} connection(s): Hubi p50 ${through.latency.p50} ms (p99 ${through.latency.p99}), gateway p50 ${alone.latency.p50} ms (p99 ${alone.latency.p99}); ` +
          `Hubi's own share of the p50: ${through.latency.p50 - alone.latency.p50} ms (target ≤ 5 ms)${failed ? `, ${failed} failed` : ""}`,
      );
    }
  } finally {
    await app.stop();
    await gateway.stop();
  }
}

/**
 * One connection to each, in turns of 2 s (requests back to back within a turn, as the load
 * generator sends them) for `seconds` each in all: both are measured across the same stretch of a
 * noisy machine, to a hundredth of a millisecond (the load generator's figures are whole
 * milliseconds, as large as the difference sought).
 */
async function inTurns(hubi: autocannon.Options, direct: autocannon.Options, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const timed = (o: autocannon.Options) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const body = String(o.body);
      const req = http.request(o.url, { method: o.method, agent, headers: { ...o.headers, "content-length": Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on("end", () => ((res.statusCode ?? 500) < 300 ? resolve(performance.now() - started) : reject(new Error(`${o.url} answered ${res.statusCode}`))));
      });
      req.on("error", reject);
      req.end(body);
    });
  const turn = async (o: autocannon.Options, into: number[]) => {
    const until = performance.now() + 2_000;
    while (performance.now() < until) into.push(await timed(o));
  };
  const through: number[] = [];
  const alone: number[] = [];
  for (let i = 0; i < Math.max(1, Math.round(seconds / 2)); i++) {
    await turn(hubi, through);
    await turn(direct, alone);
  }
  agent.destroy();
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { requests: through.length + alone.length, hubi: median(through), gateway: median(alone) };
}

/**
 * Live verifies (through a gateway answering at once) against sandbox verifies at the same
 * connections, in turns of a few seconds, the order swapped every turn: a slow stretch of the
 * shared machine then falls on both lanes, where one run of each lands it on one of them. Prints
 * each turn's figures and the median of the turns' ratios (target ≥ 60 %).
 */
export async function liveAgainstSandboxInTurns(sandbox: autocannon.Options, live: autocannon.Options, o: { connections: number; turns: number; seconds: number; gatewayMs: number }) {
  const rate = async (opts: autocannon.Options) => (await autocannon({ ...opts, connections: o.connections, duration: o.seconds })).requests.average;
  const turns: { sandbox: number; live: number }[] = [];
  for (let i = 0; i < o.turns; i++) {
    if (i % 2 === 0) {
      const s = await rate(sandbox);
      turns.push({ sandbox: s, live: await rate(live) });
    } else {
      const l = await rate(live);
      turns.push({ live: l, sandbox: await rate(sandbox) });
    }
  }
  const ratios = turns.map((t) => t.live / t.sandbox).sort((a, b) => a - b);
  const pct = (r: number) => `${(r * 100).toFixed(0)} %`;
  console.log(`\nLive (gateway ${o.gatewayMs} ms) against sandbox verify, ${o.turns} turns of ${o.seconds} s each, ${o.connections} connections, the order swapped each turn:`);
  console.log(`  ${turns.map((t) => `${t.live.toFixed(0)}/${t.sandbox.toFixed(0)} req/s = ${pct(t.live / t.sandbox)}`).join(", ")}`);
  console.log(`  median ${pct(ratios[Math.floor(ratios.length / 2)]!)}, lowest ${pct(ratios[0]!)} (target ≥ 60 %)`);
}

/** The gateway's lookup as Hubi sends it, straight from the benchmark (a token first). */
async function directLookup(gateway: SimulatorProcess, nationalId: string): Promise<autocannon.Options> {
  const form = new URLSearchParams({ grant_type: "client_credentials", client_id: gateway.levers.clientId, client_secret: gateway.levers.clientSecret });
  const res = await fetch(`${gateway.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form });
  const { access_token } = (await res.json()) as { access_token: string };
  return {
    url: `${gateway.url}/v1/identities/lookup`,
    method: "POST",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ nin: nationalId }),
  };
}

async function batchAtQuota(env: Record<string, string>, liveKey: string) {
  const gateway = await startSimulatorProcess({ generateUnknown: true, maxRps: MAX_RPS, latencyMs: 0 });
  const app = await startApp({ env: { ...batchAppEnv(env), ...gatewayEnv(gateway, MAX_RPS) }, name: "bench-gateway-batch" });
  try {
    const run = await runBatch(app.url, liveKey, BATCH_ROWS);
    const capacity = MAX_RPS * IDS_PER_CALL;
    const rowsPerSecond = BATCH_ROWS / (run.processingMs / 1000);
    const counts = await gateway.counts();
    const busiest = Math.max(...Object.values(counts.lookupsPerSecond));
    console.log(`\nLive batch of ${BATCH_ROWS.toLocaleString("en")} rows through a gateway allowing ${MAX_RPS} calls a second (${capacity.toLocaleString("en")} IDs/s):`);
    console.log(`  processing ${(run.processingMs / 1000).toFixed(1)} s, ${rowsPerSecond.toFixed(0)} rows/s = ${((rowsPerSecond / capacity) * 100).toFixed(0)} % of the quota's capacity (target ≥ 90 %)`);
    console.log(`  gateway calls ${counts.lookups} (${counts.batchLookups} group lookups), busiest second ${busiest} calls, 429s ${counts.rateLimited} (the quota must never be exceeded)`);
    console.log(`  counts ${JSON.stringify(run.counts)}`);
  } finally {
    await app.stop();
    await gateway.stop();
  }
}
