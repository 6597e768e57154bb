/**
 * A throwaway PostgreSQL for a test run: the embedded server in a temporary folder (fsync off),
 * migrated with the committed migrations by the owner, so tests run against the real schema; the
 * app and the tests connect as the app's restricted role, as in production.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { migrate } from "../../scripts/lib/migrate";
import { freePort } from "../../scripts/lib/free-port";
import { ensureAppRole } from "../../scripts/lib/app-role";
import pg from "pg";

const APP_ROLE_PASSWORD = "hubi-app-role-test-password";

export async function startTestDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-test-pg-"));
  const db = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
  });
  migrate(db.url);
  return {
    url: await ensureAppRole(db.url, APP_ROLE_PASSWORD),
    ownerUrl: db.url,
    async stop() {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own on the run's server, migrated, for tests whose worker processes must take
 * no other test's work and whose counts are of the whole database (test/fleet/). Drop it after.
 */
export async function createScratchDatabase(ownerUrl: string, name: string) {
  const owner = async (sql: string) => {
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await owner(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await owner(`CREATE DATABASE ${name}`);
  const scratchOwnerUrl = Object.assign(new URL(ownerUrl), { pathname: `/${name}` }).href;
  migrate(scratchOwnerUrl);
  return {
    url: await ensureAppRole(scratchOwnerUrl, APP_ROLE_PASSWORD),
    ownerUrl: scratchOwnerUrl,
    drop: () => owner(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
