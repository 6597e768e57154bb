/**
 * Runs `scripts/worker.ts` as a real child process (as `npm run worker` does, from the run's
 * bundle: test/support/bundles.ts), with the test database and a compressed retry schedule.
 * Output goes to artifacts/logs/ like the app's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { LOG_DIR } from "./app";
import { bundled } from "./bundles";

export const TEST_RETRY_SCHEDULE = "1,1,1";
/** Just over the 10 s delivery timeout: a killed worker's delivery is due again soon. */
export const TEST_LEASE_SECONDS = "12";

export type WorkerProcess = { process: ChildProcess; kill: () => Promise<void>; stop: () => Promise<void> };

let started = 0;

/** A worker process; `WORKER_TASKS` defaults to webhooks only, so that batch tests decide when batches are processed. */
export async function startWorkerProcess(env: Record<string, string> = {}): Promise<WorkerProcess> {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = fs.createWriteStream(path.join(LOG_DIR, `webhook-worker-${process.pid}-${++started}.log`));
  // `node` itself runs the worker, with no wrapper process that a SIGKILL would not go through.
  const child = spawn(process.execPath, [bundled("worker")], {
    env: { ...process.env, WEBHOOK_RETRY_SCHEDULE: TEST_RETRY_SCHEDULE, WEBHOOK_LEASE_SECONDS: TEST_LEASE_SECONDS, WORKER_TASKS: "webhooks", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.pipe(log);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      log.write(chunk);
      if (chunk.toString().includes("worker started")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The worker exited during start-up (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = async (s: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(s);
    await exited;
  };
  return { process: child, kill: () => signal("SIGKILL"), stop: () => signal("SIGTERM") };
}

/** A test file's pending-lookup workers (task `pending` only), stopped together by `stopAll`. */
export function pendingWorkers() {
  let running: WorkerProcess[] = [];
  return {
    start: async (env: Record<string, string> = {}) => {
      const worker = await startWorkerProcess({ ...env, WORKER_TASKS: "pending" });
      running.push(worker);
      return worker;
    },
    stopAll: async () => {
      await Promise.all(running.map((w) => w.stop()));
      running = [];
    },
  };
}
