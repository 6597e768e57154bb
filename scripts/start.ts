/**
 * `npm start`: the product on this machine in one command. Uses DATABASE_URL when set (migrating
 * with MIGRATION_DATABASE_URL, the schema owner, when that is set too); otherwise starts the
 * embedded PostgreSQL with its data in .data/ (kept across restarts), migrates it as the owner and
 * runs the app as its restricted role. Builds the app if needed, seeds a demo account on an empty
 * database and serves it with the production web start (`npm run web`; `--dev` runs `next dev`).
 * For the local demo without SMTP_URL, a local SMTP server catches the app's emails (kept in
 * .data/mail) and the app shows them at /dev/mail.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { migrate } from "./lib/migrate";
import { startDatabaseProcess } from "./lib/database-process";
import { localSecret } from "../src/server/local-run/local-secrets";
import { isLocalDemo } from "../src/server/local-run/local-demo";
import { ensureAppRole } from "./lib/app-role";
import { startMailCatcher } from "./lib/mail-catcher";
import { startRegistrySimulator } from "../registry-simulator/server";
import PinoPretty from "pino-pretty";

const DATA_DIR = path.resolve(".data");
const port = Number(process.env.PORT || 3000);
/** Loopback unless told otherwise: HOST=0.0.0.0 serves the whole network. */
const host = process.env.HOST || "127.0.0.1";
const dev = process.argv.includes("--dev");
/** The production web start, bundled by `npm run build` (scripts/bundle.ts). */
const WEB_START = path.resolve("dist/web.mjs");
/** What `npm run build` leaves: the Next.js build and the web start's bundle. */
const BUILD_OUTPUTS = [path.join(".next", "BUILD_ID"), WEB_START];

let app: ChildProcess | undefined;
let stopDatabase = async () => {};
let stopMail = async () => {};
let stopRegistry = async () => {};

let stopping: Promise<never> | undefined;

/**
 * Stops in order, once, whenever it is first called: the app first (it flushes its buffers), then
 * the database. A Ctrl-C arrives twice (the terminal's, and npm passing it on).
 */
function shutdown(code: number): Promise<never> {
  stopping ??= stopInOrder(code);
  return stopping;
}

async function stopInOrder(code: number): Promise<never> {
  if (app && app.exitCode === null && app.signalCode === null) {
    app.kill("SIGTERM");
    await new Promise((resolve) => app!.once("exit", resolve));
  }
  await stopMail();
  await stopRegistry();
  await stopDatabase();
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

async function main() {
  process.env.HUBI_SECRET ||= localSecret(DATA_DIR);
  if (!process.env.DATABASE_URL) {
    const pgPort = Number(process.env.EMBEDDED_PG_PORT || 54329);
    const starting = startDatabaseProcess({ dir: path.join(DATA_DIR, "postgres"), port: pgPort });
    // A signal during start-up still stops the server once it is up.
    stopDatabase = () => starting.then((db) => db.stop()).catch(() => {});
    process.env.MIGRATION_DATABASE_URL = (await starting).url;
    console.log(`Embedded PostgreSQL on 127.0.0.1:${pgPort} (data in .data/postgres)`);
  }
  process.env.NEXTAUTH_URL ||= process.env.PUBLIC_BASE_URL || `http://localhost:${port}`;
  // Webhooks to http:// and private addresses: for the local demo only, or when asked for.
  if (process.env.WEBHOOK_ALLOW_INSECURE === undefined && isLocalDemo(process.env, host)) process.env.WEBHOOK_ALLOW_INSECURE = "true";
  // Emails: to the configured SMTP server, else (local demo only) to one of our own.
  const catchMail = !process.env.SMTP_URL && isLocalDemo(process.env, host);
  if (catchMail) {
    const catcher = await startMailCatcher(path.join(DATA_DIR, "mail"));
    stopMail = catcher.stop;
    Object.assign(process.env, catcher.env);
  }

  await pointAtRegistry();

  migrate(process.env.MIGRATION_DATABASE_URL || process.env.DATABASE_URL!);
  process.env.DATABASE_URL ||= await ensureAppRole(process.env.MIGRATION_DATABASE_URL!, localSecret(DATA_DIR, "app-db-password"));
  if (!dev && !BUILD_OUTPUTS.every((file) => fs.existsSync(file))) {
    console.log("Building the app (first start only; `npm run build` rebuilds)…");
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("The build failed.");
  }
  const { seedDemo } = await import("./lib/seed-demo");
  const demo = await seedDemo();
  // Stopped while starting: no app to start.
  if (stopping) return;

  // Served as in production (`npm run web`): the API past Next.js's router, a SIGTERM drains.
  app = dev
    ? spawn(path.resolve("node_modules/.bin/next"), ["dev", "-p", String(port), "-H", host], { stdio: ["inherit", "pipe", "inherit"] })
    : // The IPC channel is how the web start knows this process has gone (scripts/web.ts).
      spawn(process.execPath, [WEB_START], { stdio: ["inherit", "inherit", "inherit", "ipc"], env: { ...process.env, PORT: String(port), HOST: host } });
  // Development reads the JSON log lines as text; production keeps them JSON for the log store.
  // (pino-pretty writes to stdout itself; lines that are not JSON pass unchanged.)
  if (dev) app.stdout!.pipe(PinoPretty({ colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss.l", ignore: "pid" }));
  app.once("exit", (code) => void shutdown(code ?? 0));

  const base = `http://localhost:${port}`;
  console.log(`\nHubi is running at ${base}\n`);
  if (catchMail) console.log(`Emails the app sends are caught locally: ${base}/dev/mail\n`);
  if (demo) {
    console.log("Demo account (created now, shown once):");
    console.log(`  Business portal  ${base}/sign-in   ${demo.ownerEmail} / ${demo.password}`);
    console.log(`  Admin console    ${base}/sign-in   ${demo.adminEmail} / ${demo.password}   (asks you to set up an authenticator app first)`);
    console.log(`  Sandbox API key  ${demo.testKey}`);
    console.log(`\n  curl -X POST ${base}/api/v1/verify/citizen -H "Authorization: Bearer ${demo.testKey}" \\`);
    console.log(`       -H "Content-Type: application/json" -d '{"nationalId":"11111111111","purpose":"Demo"}'\n`);
  } else {
    console.log("Existing database: the demo account was printed on first start.\n");
  }
}

/**
 * Live lookups go to REGISTRY_URL. Unset, outside production, to the bundled gateway simulator
 * (seeded with the demo citizens); in production an unset REGISTRY_URL stops the start: the
 * simulator never answers for real citizens.
 */
async function pointAtRegistry(): Promise<void> {
  if (process.env.REGISTRY_URL || process.env.REGISTRY_SOURCE === "mirror") return;
  if (process.env.NODE_ENV === "production") {
    throw new Error("REGISTRY_URL is not set: in production Hubi needs the national registry gateway's URL and credentials (docs/operations.md).");
  }
  const simulator = await startRegistrySimulator({
    // 4010 unless told: a stable address for its levers, or any free port while another program holds it.
    port: Number(process.env.REGISTRY_SIMULATOR_PORT || 4010),
    anyPortIfTaken: !process.env.REGISTRY_SIMULATOR_PORT,
    levers: process.env.REGISTRY_SIMULATOR_LEVERS ? JSON.parse(process.env.REGISTRY_SIMULATOR_LEVERS) : {},
  });
  stopRegistry = simulator.stop;
  Object.assign(process.env, {
    REGISTRY_URL: simulator.url,
    REGISTRY_CLIENT_ID: simulator.levers.clientId,
    REGISTRY_CLIENT_SECRET: simulator.levers.clientSecret,
  });
  console.log(`Registry gateway simulator on ${simulator.url} (demo citizens; levers at ${simulator.url}/__admin/levers)`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  void shutdown(1);
});
