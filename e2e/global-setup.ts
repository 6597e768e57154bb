/**
 * One fresh database and one production server for the browser tests. Workers inherit the
 * environment set here: E2E_BASE_URL for the browser, DATABASE_URL for fixtures that use services.
 */
import { startTestDatabase } from "../test/support/database";
import { startApp } from "../test/support/app";
import { appEnv } from "../test/support/env";

export default async function globalSetup() {
  const database = await startTestDatabase();
  const env = appEnv(database.url);
  // The portal's batches page needs rows processed: this app runs its batch worker (the API tests start their own).
  const app = await startApp({ env: { ...env, BATCH_WORKER_IN_APP: "true" }, name: "e2e-app" });
  Object.assign(process.env, env, { E2E_BASE_URL: app.url });
  return async () => {
    await app.stop();
    await database.stop();
  };
}
