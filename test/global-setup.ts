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

export default async function setup(project: TestProject) {
  const removeBundles = await bundleEntries();
  const { database, mail, env, app, stop } = await startTestStack({ name: "vitest-app" });
  Object.assign(process.env, env);
  project.provide("baseUrl", app.url);
  project.provide("appPid", app.process.pid!);
  project.provide("databaseUrl", database.url);
  project.provide("databaseOwnerUrl", database.ownerUrl);
  project.provide("smtpUrl", mail.env.SMTP_URL);
  project.provide("mailDir", mail.env.MAIL_CAPTURE_DIR);
  return async () => {
    await stop();
    removeBundles();
  };
}
