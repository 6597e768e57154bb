/**
 * Credits reserved by a verify whose outcome was never written: its process died (or lost its
 * database) between the admission and the outcome, so neither the verification nor its refund
 * exists, and a retry under the same Idempotency-Key, which takes the abandoned key over after two
 * minutes, pays again. The maintenance sweep gives each such credit back with a `refund` ledger
 * line naming the verification that never came, once (the ledger holds one refund per
 * verification, whether the sweep or the verify itself wrote it).
 *
 * A reservation counts as orphaned once it is far older than any verify can run (its budget is at
 * most 60 s); the sweep looks back an hour, so every process being down longer than that leaves
 * the credit to support, which the ledger shows.
 */
import { transaction } from "@/server/db/transaction";
import { Sql } from "@/server/db/sql";
import { refundCreditCtes } from "./refund-credit-sql";

const ORPHANED_AFTER = "10 minutes";
const UNIQUE_VIOLATION = "23505";
const LOOK_BACK = "1 hour";

type Orphan = { business_id: string; verification_id: string; n: number; request_id: string | null };

export async function refundOrphanedReservations(): Promise<number> {
  return transaction(async (client) => {
    // One sweep at a time in the fleet. The statements below take their snapshots after this lock,
    // so they see the refunds of the sweep that held it before: none is given twice.
    const { rows } = await client.query<{ got: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('refund-orphaned-reservations')) AS got");
    if (!rows[0]!.got) return 0;
    const { rows: orphans } = await client.query<Orphan>(
      `SELECT u.business_id, u.verification_id, -u.amount AS n, u.request_id
         FROM credit_ledger_entry u
        WHERE u.kind = 'usage' AND u.verification_id IS NOT NULL
          AND u.created_at > now() - interval '${LOOK_BACK}' AND u.created_at < now() - interval '${ORPHANED_AFTER}'
          AND NOT EXISTS (SELECT 1 FROM verification v WHERE v.id = u.verification_id)
          AND NOT EXISTS (SELECT 1 FROM credit_ledger_entry r WHERE r.kind = 'refund' AND r.verification_id = u.verification_id)`,
    );
    let refunded = 0;
    for (const orphan of orphans) {
      const q = new Sql();
      const refund = refundCreditCtes(q, {
        businessId: orphan.business_id,
        amount: q.p(orphan.n, "int"),
        requestId: orphan.request_id ?? "maintenance",
        note: "Verification refunded: its outcome was never written",
        at: new Date(),
        verificationId: orphan.verification_id,
      });
      // The verify itself may have given the credit back since the list was read (a request stalled
      // for minutes that ended at last): the ledger's unique refund refuses this one, and only it.
      await client.query("SAVEPOINT orphan");
      try {
        await client.query(`WITH ${refund} SELECT 1`, q.values);
        refunded++;
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        await client.query("ROLLBACK TO SAVEPOINT orphan");
      }
      await client.query("RELEASE SAVEPOINT orphan");
    }
    return refunded;
  });
}
