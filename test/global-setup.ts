/**
 * Vitest global setup: one database and one app server for the whole run. Tests reach the app
 * at inject("baseUrl") and the database through the same services the app uses.
 */
import type { TestProject } from "vitest/node";
import { startTestStack } from "./support/stack";
import { bundleEntries } from "./support/bundles";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The app server's process id: tests of resource limits read its memory from /proc. */
    appPid: number;
    databaseUrl: string;
    /** The schema owner's URL: only for tests that play an attacker or a migration (DDL). */
    databaseOwnerUrl: string;
    /** The run's local SMTP server: the app sends there, tests read what it received. */
    smtpUrl: string;
    mailDir: string;
  }
}

type Stack = Awaited<ReturnType<typeof startTestStack>> & { removeBundles: () => void };

/**
 * The root config and each vitest project (vitest.config.ts: shared and own-process) run this
 * setup: the first starts the run's stack, the others are given the same one, and the last
 * teardown stops it.
 */
const shared = globalThis as unknown as { hubiStack?: Promise<Stack>; hubiStackUsers?: number };

async function startOnce(): Promise<Stack> {
  const removeBundles = await bundleEntries();
  // The production web start: the API tests go the way production serves them.
  return { ...(await startTestStack({ name: "vitest-app", processes: 1 })), removeBundles };
}

export default async function setup(project: TestProject) {
  shared.hubiStack ??= startOnce();
  shared.hubiStackUsers = (shared.hubiStackUsers ?? 0) + 1;
  const { database, mail, env, app, stop, removeBundles } = await shared.hubiStack;
  Object.assign(process.env, env);
  project.provide("baseUrl", app.url);
  project.provide("appPid", app.webPids()[0]!);
  project.provide("databaseUrl", database.url);
  project.provide("databaseOwnerUrl", database.ownerUrl);
  project.provide("smtpUrl", mail.env.SMTP_URL);
  project.provide("mailDir", mail.env.MAIL_CAPTURE_DIR);
  return async () => {
    shared.hubiStackUsers! -= 1;
    if (shared.hubiStackUsers! > 0) return;
    // A watch-mode restart runs the setups again in this process: they must start a new stack.
    shared.hubiStack = undefined;
    await stop();
    removeBundles();
  };
}
