/**
 * Test files that change what a process shares: the environment (a database of their own through
 * createOwnDatabase, registry settings) or the database client. vitest runs each in a process of
 * its own; every other file shares its fork's imported modules with the files before it
 * (`isolate: false` in vitest.config.ts), which saves importing the app again for every file.
 */
export const OWN_PROCESS_FILES = [
  "test/api/audit.test.ts",
  "test/api/registry-gateway.test.ts",
  "test/fleet/fleet.test.ts",
  "test/registry/gateway.test.ts",
  "test/services/database-pool.test.ts",
  "test/services/pending-takeover.test.ts",
  "test/webhooks/delivery.test.ts",
  "test/webhooks/insecure-off.test.ts",
];
