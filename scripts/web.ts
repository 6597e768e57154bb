/**
 * `npm run web`: the production web start. WEB_CONCURRENCY processes serve one port through Node's
 * cluster (Node 20 has no `reusePort`); the primary only forks them, replaces one that dies, and
 * sums their figures for /metrics. Run it on as many machines as needed, beside any number of
 * `npm run worker` processes, against one PostgreSQL (and one Redis when REDIS_URL is set).
 *
 * SIGTERM (as an orchestrator stops a process): each web process stops accepting connections,
 * lets the requests in flight finish (at most SHUTDOWN_TIMEOUT_SECONDS), lets its background work
 * finish its current step, and exits; the primary exits after the last of them.
 */
import cluster, { type Worker } from "node:cluster";
import http from "node:http";
import { AggregatorRegistry } from "prom-client";
import { env } from "@/env";
import { log } from "@/server/observability/logger";
import { CLUSTER_METRICS_REQUEST, CLUSTER_METRICS_RESPONSE, type ClusterMetricsResponse } from "@/server/observability/cluster-metrics";
import { runShutdownHooks } from "@/server/jobs/shutdown";
import { loadBuiltApiRoutes } from "@/server/http/built-api-routes";
import { serveWithFetchHandler } from "@/server/http/fetch-bridge";
import { WEB_READY_MESSAGE } from "./lib/web-ready";

Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV || "production" });
// This script, not Next.js, decides what a signal does (Next.js would exit at once).
process.env.NEXT_MANUAL_SIG_HANDLE = "true";
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "127.0.0.1";

if (cluster.isPrimary) runPrimary();
else await serve();

function runPrimary() {
  const processes = env().WEB_CONCURRENCY;
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let ready = 0;

  const fork = () => {
    const worker = cluster.fork();
    let listening = false;
    worker.once("listening", () => {
      listening = true;
      if (++ready === processes) {
        // The container test waits for this line; a supervisor with an IPC channel (the test
        // harness) for the message, which no LOG_LEVEL hides.
        log("info", "web ready", { host, port, processes });
        // Unless the channel has closed meanwhile (its parent gone: this process is stopping), where a send would throw.
        if (process.connected) process.send!({ type: WEB_READY_MESSAGE });
      }
    });
    worker.once("exit", (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      log("error", "web process exited", { pid: worker.process.pid ?? null, code, signal });
      // One that never came up would fail again: stop rather than loop.
      if (!listening) process.exit(1);
      fork();
    });
  };

  cluster.on("message", (worker: Worker, message: { type?: string; id?: string }) => {
    if (message?.type !== CLUSTER_METRICS_REQUEST) return;
    const reply = (r: Omit<ClusterMetricsResponse, "type" | "id">) => worker.send({ type: CLUSTER_METRICS_RESPONSE, id: message.id, ...r });
    aggregator.clusterMetrics().then(
      (body) => reply({ body }),
      (error: Error) => reply({ error: error.message }),
    );
  });

  // Once: Ctrl-C on `npm start` brings a SIGINT (the process group) and then start's SIGTERM.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  // Started by `npm start` (with an IPC channel): when that ends without stopping this process
  // (kill -9), the channel closes, and this process stops too rather than serve on alone.
  process.once("disconnect", stop);
  for (let i = 0; i < processes; i++) fork();
}

async function serve() {
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: process.cwd(), hostname: host, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  // The public API's handlers are called directly, past Next.js's router (src/server/http/built-api-routes.ts).
  const api = await loadBuiltApiRoutes(process.env.NEXT_DIST_DIR || ".next");

  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  let drained = () => {};
  const server = http.createServer((req, res) => {
    inFlight.add(res);
    // A request arriving on a kept-alive connection during the drain is served, then the connection closed.
    if (draining) res.shouldKeepAlive = false;
    res.once("close", () => {
      inFlight.delete(res);
      if (draining && inFlight.size === 0) drained();
    });
    const route = api.match(req.method, req.url);
    void (route ? serveWithFetchHandler(req, res, route) : handle(req, res));
  });
  // Longer than a load balancer keeps an idle connection open (60 s on the common ones): were this
  // process to close it first, a request the balancer sent on it at that moment would fail.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, host);

  // A second SIGTERM (an orchestrator that repeats it) must not end the drain: the listener stays.
  process.on("SIGTERM", async () => {
    if (draining) return;
    draining = true;
    const started = performance.now();
    log("info", "web process draining", { requestsInFlight: inFlight.size });
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    // Stops accepting (the cluster hands new connections to the other processes) and closes idle connections.
    server.close();
    const limit = env().SHUTDOWN_TIMEOUT_SECONDS * 1000;
    const finished = await new Promise<boolean>((resolve) => {
      if (inFlight.size === 0) return resolve(true);
      drained = () => resolve(true);
      setTimeout(() => resolve(false), limit).unref();
    });
    if (!finished) server.closeAllConnections();
    await runShutdownHooks();
    log(finished ? "info" : "warn", "web process stopped", {
      drainedMs: Math.round(performance.now() - started),
      requestsCutOff: inFlight.size,
    });
    process.exit(0);
  });
  // The primary's Ctrl-C reaches the whole process group; the primary's SIGTERM decides.
  process.on("SIGINT", () => {});
}
