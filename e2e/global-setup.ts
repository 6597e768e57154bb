/**
 * One fresh database and one production server for the browser tests, and the CLI and the worker
 * bundled for the processes the specs start (test/support/bundles.ts). Workers inherit the
 * environment set here: E2E_BASE_URL for the browser, DATABASE_URL for fixtures that use services,
 * SMTP_URL and MAIL_CAPTURE_DIR (the run's local SMTP server) for workers that send email.
 */
import { startTestStack } from "../test/support/stack";
import { bundleEntries } from "../test/support/bundles";

export default async function globalSetup() {
  const removeBundles = await bundleEntries();
  // The portal's batches page needs rows processed: this app runs its batch worker (the API tests start their own).
  const { env, app, stop } = await startTestStack({ name: "e2e-app", appEnv: { BATCH_WORKER_IN_APP: "true" } });
  // NEXTAUTH_URL: where links in emails sent by the specs' workers lead.
  Object.assign(process.env, env, { E2E_BASE_URL: app.url, NEXTAUTH_URL: app.url });
  return async () => {
    await stop();
    removeBundles();
  };
}
