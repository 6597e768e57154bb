/**
 * Once per browser-test run: the CLI and the worker bundled for the processes the specs start
 * (test/support/bundles.ts). Each Playwright worker then starts a database and an app server of
 * its own (the `stack` fixture in e2e/fixtures.ts), so that workers run side by side sharing nothing.
 */
import { bundleEntries } from "../test/support/bundles";

export default async function globalSetup() {
  return bundleEntries();
}
