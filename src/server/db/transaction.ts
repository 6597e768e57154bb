/**
 * A transaction on one pooled connection for hand-written SQL: committed when `work` returns,
 * rolled back when it throws (or when the process dies: PostgreSQL rolls back a dropped
 * connection's transaction).
 */
import "server-only";
import type pg from "pg";
import { pool } from "./client";

export async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
