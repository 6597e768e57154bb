/**
 * A verification's refund as a test writes it, standing for the one the maintenance sweep or the
 * verify itself gives; and two such refunds meeting, as a verify's own (late, after a stall of
 * minutes) and the sweep's can: this one written first and held uncommitted until the other waits
 * for it, then committed while the other's statement, begun before, still runs.
 */
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { refundCreditCtes } from "@/server/credits/refund-credit-sql";
import { blockedBy } from "./queries";
import { waitFor } from "./wait-for";

/** The statement that gives `verificationId`'s one credit back, as the sweep or the verify writes it. */
export function refundOf(businessId: string, verificationId: string, note: string): { text: string; values: unknown[] } {
  const q = new Sql();
  const refund = refundCreditCtes(q, { businessId, amount: "1", requestId: "req_test_refund", note, at: new Date(), verificationId });
  return { text: `WITH ${refund} SELECT 1`, values: q.values };
}

/** `other`'s result, once it has met this refund; `other` runs again if it ends before. */
export async function refundMeeting<T>(businessId: string, verificationId: string, other: () => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query(refundOf(businessId, verificationId, "The other refund"));
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    // An attempt that ends without meeting this refund is made again: the sweep does nothing while
    // another process's sweep holds its lock, and the app processes run theirs every few minutes.
    let ended = false;
    const attempt = () => {
      ended = false;
      const running = other();
      running.then(() => (ended = true), () => (ended = true));
      return running;
    };
    let running = attempt();
    await waitFor("the other refund to wait for this one", async () => {
      if (await blockedBy(rows[0]!.pid)) return true;
      if (ended) running = attempt();
      return false;
    });
    await client.query("COMMIT");
    return await running;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}
