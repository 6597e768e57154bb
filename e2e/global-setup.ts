/**
 * One fresh database and one production server for the browser tests. Workers inherit the
 * environment set here: E2E_BASE_URL for the browser, DATABASE_URL for fixtures that use services,
 * SMTP_URL and MAIL_CAPTURE_DIR (the run's local SMTP server) for workers that send email.
 */
import { startTestDatabase } from "../test/support/database";
import { startApp } from "../test/support/app";
import { appEnv } from "../test/support/env";
import { startTestMailCatcher } from "../test/support/mail-catcher";

export default async function globalSetup() {
  const database = await startTestDatabase();
  const mail = await startTestMailCatcher();
  const env = appEnv(database.url, mail.env);
  // The portal's batches page needs rows processed: this app runs its batch worker (the API tests start their own).
  const app = await startApp({ env: { ...env, BATCH_WORKER_IN_APP: "true" }, name: "e2e-app" });
  // NEXTAUTH_URL: where links in emails sent by the specs' workers lead.
  Object.assign(process.env, env, { E2E_BASE_URL: app.url, NEXTAUTH_URL: app.url });
  return async () => {
    await app.stop();
    await mail.stop();
    await database.stop();
  };
}
