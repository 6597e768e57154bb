/**
 * Starts the real production build as a child process and waits until it answers.
 * Its output goes to artifacts/logs/, which the test command scans for personal data at the end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/lib/free-port";
import { WEB_READY_MESSAGE } from "../../scripts/lib/web-ready";
import { allProcStats } from "../../scripts/lib/proc-stat";
import { killProcessTree } from "./process-tree";
import { bundledNow } from "./bundles";

export const LOG_DIR = path.resolve("artifacts/logs");

/**
 * How long a bare `next start` keeps an idle connection: longer than a test's client ever does.
 * Node's 5 s default raced the client: fetch (undici) drops an idle connection 2 s before the
 * server's announced timeout, by a coarse timer that a machine loaded by the whole suite runs
 * seconds late, so a request sent about 5 s after the previous one could go out on a connection
 * the server was closing (ECONNRESET). Announced as 660 s, undici keeps a connection at most its
 * own 600 s: a minute to spare.
 */
const IDLE_CONNECTION_MS = 660_000;

export type RunningApp = {
  url: string;
  /** Where its stdout and stderr go: its JSON log lines. */
  logFile: string;
  /** `next start`, or the web start's primary, which only forks the web processes (scripts/web.ts). */
  process: ChildProcess;
  /**
   * The processes that serve the requests: `next start` itself, or the web processes the primary
   * runs now (its own node children).
   */
  webPids: () => number[];
  stop: () => Promise<void>;
  /** SIGKILL of the app and every process it started; resolves once none of them is alive, with their pids. */
  crash: () => Promise<number[]>;
};

/**
 * `processGroup`: the app leads a process group of its own, so that `crash` kills all of it in one
 * signal. Off by default: the group would not get the terminal's Ctrl-C along with the test run.
 * `waitFor`: the path that must answer 2xx before the app counts as started (default: readiness,
 * as a load balancer would wait).
 * `processes`: run the production web start (`npm run web`, scripts/web.ts) with this many web
 * processes on the one port, instead of a bare `next start`; it counts as started once every one
 * of them listens. Only the web start serves /api/v1 past Next.js's router; the run's shared app
 * (test/global-setup.ts) is one, so every API test goes that way.
 * `readyWithinMs`: how long it may take to become ready (default 60 s).
 */
export async function startApp(options: {
  env: Record<string, string>;
  name?: string;
  processGroup?: boolean;
  waitFor?: string;
  processes?: number;
  readyWithinMs?: number;
}): Promise<RunningApp> {
  const port = await freePort();
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${options.name ?? "app"}-${port}.log`);
  const log = fs.createWriteStream(logFile);
  // The web start bundled, as the CLI and the worker are: under tsx it starts three times slower.
  const [command, args] = options.processes
    ? [process.execPath, [await bundledNow("web")]]
    : [path.resolve("node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", String(IDLE_CONNECTION_MS)]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...options.env,
      ...(options.processes ? { WEB_CONCURRENCY: String(options.processes), HOST: "127.0.0.1" } : {}),
      PORT: String(port),
      NODE_ENV: "production",
      // next-auth builds its redirects from NEXTAUTH_URL: it must name this very server.
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    },
    // The web start has an IPC channel, as `npm start` gives it (scripts/start.ts): it says there
    // when every process listens, and stops as on SIGTERM if the channel closes.
    stdio: ["ignore", "pipe", "pipe", ...(options.processes ? ["ipc" as const] : [])],
    detached: options.processGroup ?? false,
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyWithinMs ?? 60_000);
  // The port answers once the first web process listens; the web start says so once every one does.
  let allListening = !options.processes;
  child.on("message", (message: { type?: string }) => {
    if (message?.type === WEB_READY_MESSAGE) allListening = true;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited during start-up; see ${LOG_DIR}`);
    try {
      if ((await fetch(`${url}${options.waitFor ?? "/api/health/ready"}`)).ok && allListening) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await killProcessTree(child);
      throw new Error(`The app did not become ready within ${(options.readyWithinMs ?? 60_000) / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    logFile,
    process: child,
    webPids: () =>
      options.processes ? allProcStats().filter((p) => p.ppid === child.pid && p.comm === "node" && p.state !== "Z").map((p) => p.pid) : [child.pid!],
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
    crash: () => killProcessTree(child),
  };
}
