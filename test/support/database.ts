/**
 * A throwaway PostgreSQL for a test run: the embedded server in a temporary folder (fsync off),
 * migrated with the committed migrations, so tests run against the real schema.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { migrate } from "../../scripts/lib/migrate";
import { freePort } from "../../scripts/lib/free-port";

export async function startTestDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-test-pg-"));
  const db = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
  });
  migrate(db.url);
  return {
    url: db.url,
    async stop() {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
