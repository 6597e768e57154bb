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
import { ensureAppRole, grantAppRole } from "../../scripts/lib/app-role";
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
  const url = await ensureAppRole(db.url, APP_ROLE_PASSWORD);
  // A copy of the migrated schema, while nothing is connected to it: databases of their own for
  // single test files (createScratchDatabase) are copied from it in a second instead of migrated.
  await ownerQuery(db.url, `CREATE DATABASE ${TEMPLATE} TEMPLATE ${pg.escapeIdentifier(new URL(db.url).pathname.slice(1))}`);
  return {
    url,
    ownerUrl: db.url,
    async stop() {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database of its own on the run's server, migrated (a copy of the template); see own-database.ts. Drop it after. */
export async function createScratchDatabase(ownerUrl: string, name: string) {
  const owner = (sql: string) => ownerQuery(ownerUrl, sql);
  await owner(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await owner(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  const scratchOwnerUrl = Object.assign(new URL(ownerUrl), { pathname: `/${name}` }).href;
  return {
    // The run's app role exists already (startTestDatabase): other files set up their databases at the same time.
    url: await grantAppRole(scratchOwnerUrl, APP_ROLE_PASSWORD),
    ownerUrl: scratchOwnerUrl,
    drop: () => owner(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The migrated schema that scratch databases are copied from (on the run's own server). */
const TEMPLATE = "hubi_migrated_template";

async function ownerQuery(ownerUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}
