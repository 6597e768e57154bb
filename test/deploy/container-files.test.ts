/**
 * The deployment files, without a container daemon: the Dockerfile and compose.yaml pass their
 * linters and say what the image promises (multi-stage, non-root, readiness health check, one
 * entrypoint for every role); the entrypoint's web and worker roles come up from this build's
 * output, and refuse to in production without the registry gateway's URL; and every environment
 * variable the app and its scripts read is documented in .env.example.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import pg from "pg";
import { validate } from "dockerfile-utils";
import { parse } from "yaml";
import { freePort } from "../../scripts/lib/free-port";
import { LOG_DIR } from "../support/app";
import { TEST_METRICS_TOKEN } from "../support/env";

const read = (file: string) => fs.readFileSync(file, "utf8");
const dockerfile = read("Dockerfile");

/** The Dockerfile's instructions of the last stage (the image that runs). */
const finalStage = () => dockerfile.split(/^FROM /m).at(-1)!;

describe("Dockerfile", () => {
  it("passes dockerfile-utils' linter", () => {
    expect(validate(dockerfile).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it("builds in stages and runs as a non-root user, checked by readiness, one entrypoint for every role", () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    const runtime = finalStage();
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*CMD \["node", "docker\/healthcheck\.js"\]$/m);
    expect(read("docker/healthcheck.js")).toContain("/api/health/ready");
    expect(runtime).toMatch(/^ENTRYPOINT \["docker\/entrypoint\.sh"\]$/m);
    // The build output (Next.js's, and the bundles the web, worker and cli roles run), the sources
    // the migrate role runs and the Prisma CLI's migrations all ship.
    for (const part of [".next", "dist", "node_modules", "src", "scripts", "prisma", "docker"]) {
      expect(runtime).toContain(`/app/${part} ./${part}`);
    }
  });
});

describe("compose.yaml", () => {
  it("passes dclint", () => {
    const run = spawnSync(path.resolve("node_modules/.bin/dclint"), ["compose.yaml", "-f", "json"], { encoding: "utf8" });
    const [report] = JSON.parse(run.stdout) as { messages: { message: string }[] }[];
    expect(report!.messages.map((m) => m.message)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it("runs web, worker and migrations from the image, on PostgreSQL and Redis, with documented settings", () => {
    const compose = parse(read("compose.yaml")) as { services: Record<string, { build?: string; command?: string[]; environment?: Record<string, string> }> };
    expect(Object.keys(compose.services).sort()).toEqual(["migrate", "postgres", "redis", "web", "worker"]);
    for (const role of ["migrate", "web", "worker"]) {
      expect(compose.services[role]).toMatchObject({ build: ".", command: [role] });
      for (const name of Object.keys(compose.services[role]!.environment!)) expect(documented()).toContain(name);
    }
  });
});

/** The names `.env.example` documents (`NAME=` lines). */
const documented = () => [...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);

/** Every file of the app and its scripts that may read the environment. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sources(p);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe(".env.example", () => {
  it("documents every variable that src/env.ts validates and the scripts read", () => {
    const files = [...sources("src"), ...sources("scripts"), "next.config.js", "prisma.config.ts", "playwright.config.ts"];
    const read_ = new Set(files.flatMap((f) => [...read(f).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!)));
    const schema = read("src/env.ts").split("const schema = z.object({")[1]!.split("\n});")[0]!;
    for (const m of schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)) read_.add(m[1]!);
    // Next.js's own (NEXT_MANUAL_SIG_HANDLE: scripts/web.ts sets it), not an operator's; and the
    // integrator's own settings in the code samples the portal shows (the client library reads
    // them in their code, not ours).
    for (const name of ["NEXT_RUNTIME", "NEXT_MANUAL_SIG_HANDLE", "HUBI_API_KEY", "HUBI_WEBHOOK_SECRET"]) read_.delete(name);
    expect(read_).toContain("WORKER_TASKS");
    expect(read_).toContain("MIGRATION_DATABASE_URL");
    expect(read_).toContain("HOST");
    expect([...read_].filter((name) => !documented().includes(name)).sort()).toEqual([]);
  });
});

describe("the image's entrypoint, run from this build's output", () => {
  // A database of its own, so that this worker takes no other test's work.
  const name = `hubi_entrypoint_${process.pid}`;
  const ownerUrl = Object.assign(new URL(inject("databaseOwnerUrl")), { pathname: `/${name}` }).href;
  const appUrl = Object.assign(new URL(inject("databaseUrl")), { pathname: `/${name}` }).href;
  const admin = () => new pg.Client({ connectionString: inject("databaseOwnerUrl") });
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
  });
  afterAll(async () => {
    await Promise.all(
      running.map((child) =>
        child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => child.once("exit", resolve).kill("SIGTERM")),
      ),
    );
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  /** Runs a role as the container would, its output in artifacts/logs/; resolves on the first output line matching `ready`. */
  function role(role: string, env: Record<string, string>, ready: (line: string) => boolean): Promise<ChildProcess> {
    const child = spawn("docker/entrypoint.sh", [role], {
      env: { ...process.env, DATABASE_URL: appUrl, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.push(child);
    const log = fs.createWriteStream(path.join(LOG_DIR, `entrypoint-${role}-${process.pid}.log`));
    child.stderr!.pipe(log);
    return new Promise((resolve, reject) => {
      let seen = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        log.write(chunk);
        seen += chunk.toString();
        if (seen.split("\n").some(ready)) resolve(child);
      });
      child.once("exit", (code) => reject(new Error(`The ${role} role exited during start-up (${code})`)));
    });
  }

  it("migrates a new database, runs the CLI on it, then brings web up ready (by the image's own health check) and the worker up with its metrics", async () => {
    const migrate = await role("migrate", { MIGRATION_DATABASE_URL: ownerUrl }, (line) => line.startsWith("Migrations applied"));
    expect(await new Promise((resolve) => (migrate.exitCode !== null ? resolve(migrate.exitCode) : migrate.once("exit", resolve)))).toBe(0);

    // The operator CLI runs from the same bundles: the new database's (empty) audit log checks out.
    // Bounded: a hung CLI would otherwise block this process, and its test timeout with it.
    const cli = spawnSync("docker/entrypoint.sh", ["cli", "audit:verify"], { env: { ...process.env, DATABASE_URL: appUrl }, encoding: "utf8", timeout: 60_000 });
    expect({ status: cli.status, stderr: cli.stderr }).toEqual({ status: 0, stderr: "" });
    expect(JSON.parse(cli.stdout)).toMatchObject({ ok: true, entries: 0 });

    const port = String(await freePort());
    await role("web", { PORT: port, HOST: "127.0.0.1", NODE_ENV: "production" }, (line) => line.includes('"msg":"web ready"'));
    // The HEALTHCHECK's command, run as Docker would, until it passes (each run takes a node start-up).
    const deadline = Date.now() + 30_000;
    let status: number | null = 1;
    while (status !== 0 && Date.now() < deadline) {
      status = spawnSync(process.execPath, ["docker/healthcheck.js"], { env: { ...process.env, PORT: port } }).status;
    }
    expect(status).toBe(0);

    // The worker serves its own figures (the jobs it does) on METRICS_PORT, behind the same token.
    const metricsPort = String(await freePort());
    await role("worker", { METRICS_PORT: metricsPort, HOST: "127.0.0.1" }, (line) => line.includes('"msg":"worker started"'));
    const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
    expect((await fetch(metrics)).status).toBe(401);
    const scraped = await fetch(metrics, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain("# TYPE hubi_job_duration_seconds histogram");
    expect(text).toContain('hubi_queue_depth{queue="webhook_deliveries"} 0');
    // Three processes start one after the other, on a loaded machine.
  }, 180_000);

  it("refuses to bring web or worker up in production without the registry gateway's URL, listing it with the other problems", () => {
    for (const entry of ["web", "worker"]) {
      const started = spawnSync("docker/entrypoint.sh", [entry], {
        env: { ...process.env, NODE_ENV: "production", REGISTRY_SOURCE: "gateway", REGISTRY_URL: "", HUBI_SECRET: "short" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect([entry, started.status]).toEqual([entry, 1]);
      expect(started.stderr).toContain("HUBI_SECRET must be at least 32 characters");
      expect(started.stderr).toContain("REGISTRY_URL: set it to the national registry gateway's URL");
    }
  });
});
