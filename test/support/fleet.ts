/**
 * Hubi as a fleet on one machine (test/fleet/): the production web start with two web processes
 * on one port (scripts/web.ts) and two worker processes, on a database of their own, so that
 * every count is of the whole database and no other test's worker takes this fleet's work.
 */
import fs from "node:fs";
import { startApp, type RunningApp } from "./app";
import { createOwnDatabase } from "./own-database";
import { startWorkerProcess, type WorkerProcess } from "./worker-process";

export type Fleet = Awaited<ReturnType<typeof startFleet>>;

export async function startFleet(name: string) {
  // This test file's own queries, and every process started below, use the fleet's database.
  const database = await createOwnDatabase(name);
  // Three starts at once on a loaded machine: each gets its time; if one fails, the others stop.
  const started = await Promise.allSettled([startApp({ env: {}, name, processes: 2, readyWithinMs: 150_000 }), startWorker(), startWorker()]);
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all(started.map((s) => (s.status === "fulfilled" ? s.value.stop() : undefined)));
    await database.release();
    throw failed.reason;
  }
  const [web, ...workers] = started.map((s) => (s as PromiseFulfilledResult<RunningApp | WorkerProcess>).value) as [RunningApp, ...WorkerProcess[]];
  const fleet = {
    url: web!.url,
    web: web!,
    workers: workers as WorkerProcess[],
    webPids: web!.webPids,
    async stop() {
      await Promise.all([web!.stop(), ...fleet.workers.map((w) => w.stop())]);
      await database.release();
    },
  };
  return fleet;
}

export const startWorker = () => startWorkerProcess({ WORKER_TASKS: "webhooks,batches" });

/**
 * A request as a client with connection-level retries sends it: a connection that a stopping
 * process closes before answering is retried on a new one (with the same Idempotency-Key).
 */
export async function withConnectionRetries<T>(send: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await send();
    } catch (error) {
      // fetch fails with a TypeError only when no HTTP response came back.
      if (!(error instanceof TypeError) || i === attempts) throw error;
    }
  }
}

/** Request-log lines (JSON, one a line) of the web processes: which process served what. */
export function requestLines(logFile: string, route: string): { pid: number; status: number }[] {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{") && l.includes('"msg":"request"'))
    .map((l) => JSON.parse(l) as { pid: number; status: number; route: string })
    .filter((l) => l.route === route);
}
