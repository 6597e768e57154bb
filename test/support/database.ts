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
