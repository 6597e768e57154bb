/**
 * `npm run bench`, web processes: GET /api/health and sandbox verify against `npm run web` with
 * one web process, then with two (WEB_CONCURRENCY=2, Node's cluster), back to back in the same
 * run. On this 2-core machine the load generator and PostgreSQL share the cores with the app, so
 * the ratio says how much of a second core a second web process turns into throughput.
 */
import autocannon from "autocannon";
import { startApp } from "../../test/support/app";

const PROCESSES = [1, 2];

export async function benchWebProcesses(env: Record<string, string>, testKey: string, o: { connections: number; duration: number }): Promise<void> {
  const routes = (url: string): [string, autocannon.Options][] => [
    ["GET /api/health", { url: `${url}/api/health` }],
    [
      "POST /verify/citizen (sandbox)",
      {
        url: `${url}/api/v1/verify/citizen`,
        method: "POST",
        headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json" },
        body: JSON.stringify({ nationalId: "11111111111", purpose: "Benchmark" }),
      },
    ],
  ];
  const rps = new Map<string, number[]>();
  let verifiesSent = 0;
  for (const processes of PROCESSES) {
    const app = await startApp({ env: { ...env, LOG_LEVEL: "warn" }, name: `bench-web-${processes}`, processes, readyWithinMs: 120_000 });
    try {
      for (const [name, opts] of routes(app.url)) {
        // Warm every process up (JIT, connection pool) before measuring.
        const warm = await autocannon({ ...opts, connections: 10 * processes, duration: 3 });
        const r = await autocannon({ ...opts, connections: o.connections, duration: o.duration });
        const failures = r.non2xx + r.errors + r.timeouts;
        if (failures > 0) console.log(`  ${name} with ${processes} web process(es): ${failures} failed requests`);
        rps.set(name, [...(rps.get(name) ?? []), r.requests.average]);
        if (opts.method === "POST") verifiesSent = warm.requests.total + r.requests.total;
      }
      if (processes > 1) await showMetrics(app.url, verifiesSent);
    } finally {
      await app.stop();
    }
  }
  console.log(`\nWeb processes (npm run web, WEB_CONCURRENCY), ${o.connections} connections, ${o.duration} s each\n`);
  console.log(`${"route".padEnd(34)} ${"1 process".padStart(10)} ${"2 processes".padStart(12)} ${"ratio".padStart(6)}`);
  for (const [name, [one, two]] of rps) {
    console.log(`${name.padEnd(34)} ${one!.toFixed(0).padStart(10)} ${two!.toFixed(0).padStart(12)} ${(two! / one!).toFixed(2).padStart(6)}`);
  }
}

/** What one scrape of the cluster shows after the run: the sum over its web processes. */
async function showMetrics(url: string, verifiesSent: number) {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } });
  const text = await res.text();
  const names = [...new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!))].filter((n) => n.startsWith("hubi_"));
  const verifies = [...text.matchAll(/^hubi_http_request_duration_seconds_count\{route="\/api\/v1\/verify\/citizen",method="POST",status="200"\} (\d+)/gm)]
    .reduce((sum, m) => sum + Number(m[1]), 0);
  console.log(`\n/metrics of the two-process cluster (${text.split("\n").length} lines): ${names.join(", ")}`);
  console.log(`  verify requests counted: ${verifies} (sent: ${verifiesSent})`);
}
