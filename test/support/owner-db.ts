/**
 * A connection as the schema's owner, for the few tests that must do what the app cannot (create
 * a trigger, tamper with the audit log inside a rolled-back transaction). Everything else runs as
 * the app's restricted role. Call at a test file's top level: the pool closes after its tests.
 */
import pg from "pg";
import { afterAll, inject } from "vitest";

export function openOwnerPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: inject("databaseOwnerUrl"), max: 2 });
  afterAll(() => pool.end());
  return pool;
}
