/**
 * `npm run bench`, live verify scaling: sandbox verify, live verify of one business, and live
 * verifies of four businesses at once (the same total connections, split between them), measured
 * back to back in the same run so that the ratios hold on a shared, noisy machine.
 * Targets: live ≥ 70 % of sandbox (no single lane on the live path), four businesses ≥ one
 * (businesses never wait for each other: credit buckets and audit chains are per business).
 */
import autocannon from "autocannon";
import { disconnect, pool } from "@/server/db/client";
import { LIVE_NATIONAL_ID, seedBusiness } from "./bench-seed";
import { cpuPerRequest, cpuSnapshot } from "./cpu-usage";

const BUSINESSES = 4;

const verify = (url: string, key: string, nationalId: string, connections: number, duration: number) =>
  autocannon({
    url: `${url}/api/v1/verify/citizen`,
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ nationalId, purpose: "Benchmark", consent: { obtainedAt: new Date().toISOString(), method: "electronic" } }),
    connections,
    duration,
  });

const failures = (r: autocannon.Result) => r.non2xx + r.errors + r.timeouts;

/**
 * Where the time goes: samples the database's active connections every 50 ms while `run` runs and
 * counts what they were doing (CPU, or the wait event), and for row-lock waits on which table.
 */
async function sampled<T>(run: Promise<T>): Promise<{ result: T; waits: string }> {
  const counts = new Map<string, number>();
  let done = false;
  let samples = 0;
  const sampling = (async () => {
    while (!done) {
      const { rows } = await pool().query<{ what: string; n: number }>(`
        SELECT coalesce(a.wait_event_type || ':' || a.wait_event, 'CPU') || coalesce(' on ' || c.relname, '') AS what, count(*)::int AS n
          FROM pg_stat_activity a
          LEFT JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted AND l.locktype = 'tuple'
          LEFT JOIN pg_class c ON c.oid = l.relation
         WHERE a.datname = current_database() AND a.state = 'active' AND a.pid <> pg_backend_pid()
         GROUP BY 1`);
      for (const r of rows) counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
      samples++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await run;
  done = true;
  await sampling;
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return { result, waits: top.map(([what, n]) => `${what} ${(n / samples).toFixed(1)}`).join(", ") };
}

export async function benchLiveScaling(url: string, o: { connections: number; duration: number }): Promise<void> {
  const businesses = [];
  for (let i = 1; i <= BUSINESSES; i++) businesses.push(await seedBusiness(`Scaling Bank ${i}`));
  await disconnect();
  const split = Math.max(1, Math.round(o.connections / BUSINESSES));
  // Warm up every business's path (JIT, pool, first chain head) before measuring.
  await Promise.all(businesses.map((b) => verify(url, b.liveKey, LIVE_NATIONAL_ID, 2, 2)));
  const cpu0 = cpuSnapshot();
  const sandbox = await verify(url, businesses[0]!.testKey, "11111111111", o.connections, o.duration);
  const cpu1 = cpuSnapshot();
  const { result: one, waits: oneWaits } = await sampled(verify(url, businesses[0]!.liveKey, LIVE_NATIONAL_ID, o.connections, o.duration));
  const cpu2 = cpuSnapshot();
  const { result: four, waits: fourWaits } = await sampled(Promise.all(businesses.map((b) => verify(url, b.liveKey, LIVE_NATIONAL_ID, split, o.duration))));
  const cpu3 = cpuSnapshot();
  await disconnect();
  const fourRps = four.reduce((sum, r) => sum + r.requests.average, 0);
  const fourTotal = four.reduce((sum, r) => sum + r.requests.total, 0);
  const rows: [string, number, number][] = [
    ["verify sandbox, one business", sandbox.requests.average, failures(sandbox)],
    ["verify live, one business", one.requests.average, failures(one)],
    [`verify live, ${BUSINESSES} businesses at once`, fourRps, four.reduce((sum, r) => sum + failures(r), 0)],
  ];
  console.log(`\nLive verify scaling (${o.connections} connections in total, ${o.duration} s each, back to back)\n`);
  console.log(`${"".padEnd(36)} ${"req/s".padStart(7)} ${"non-2xx".padStart(7)}`);
  for (const [name, rps, failed] of rows) console.log(`${name.padEnd(36)} ${rps.toFixed(0).padStart(7)} ${String(failed).padStart(7)}`);
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  console.log(`\nlive / sandbox: ${pct(one.requests.average, sandbox.requests.average)} (target ≥ 70 %)`);
  console.log(`${BUSINESSES} businesses / one: ${pct(fourRps, one.requests.average)} (target ≥ 100 %)`);
  console.log("\nActive database connections, on average, by what they were doing (wait event, or CPU):");
  console.log(`  live, one business: ${oneWaits}`);
  console.log(`  live, ${BUSINESSES} businesses: ${fourWaits}`);
  console.log("\nCPU time per request, by program (2 cores: the sum is what one request costs the machine):");
  console.log(`  sandbox: ${cpuPerRequest(cpu0, cpu1, sandbox.requests.total)}`);
  console.log(`  live, one business: ${cpuPerRequest(cpu1, cpu2, one.requests.total)}`);
  console.log(`  live, ${BUSINESSES} businesses: ${cpuPerRequest(cpu2, cpu3, fourTotal)}`);
}
