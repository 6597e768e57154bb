/**
 * Vitest global setup: one database and one app server for the whole run. Tests reach the app
 * at inject("baseUrl") and the database through the same services the app uses.
 */
import type { TestProject } from "vitest/node";
import { startTestDatabase } from "./support/database";
import { startApp } from "./support/app";
import { appEnv } from "./support/env";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** The schema owner's URL: only for tests that play an attacker or a migration (DDL). */
    databaseOwnerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await startTestDatabase();
  const env = appEnv(database.url);
  Object.assign(process.env, env);
  const app = await startApp({ env, name: "vitest-app" });
  project.provide("baseUrl", app.url);
  project.provide("databaseUrl", database.url);
  project.provide("databaseOwnerUrl", database.ownerUrl);
  return async () => {
    await app.stop();
    await database.stop();
  };
}
