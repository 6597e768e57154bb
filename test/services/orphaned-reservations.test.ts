/**
 * A verify's credit reserved by its admission, whose process died before the outcome was written:
 * the maintenance sweep gives it back, once, and leaves every other reservation alone.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { chargeCreditCtes } from "@/server/credits/charge-credit-sql";
import { refundOrphanedReservations } from "@/server/credits/refund-orphaned-reservations";
import { createTestBusiness, createTestVerification } from "../support/factories";
import { balanceOf, ledgerSum } from "../support/queries";
import { waitFor } from "../support/wait-for";
import { refundMeeting } from "../support/held-refund";

/** An admission's reservation of one credit for `verificationId`, made `minutesAgo` (as a verify's admission writes it). */
async function reservation(businessId: string, verificationId: string, minutesAgo: number): Promise<void> {
  const q = new Sql();
  const charge = chargeCreditCtes(q, { businessId, requestId: `req_${randomUUID()}`, note: "Verification", at: new Date(), verificationId });
  await pool().query(`WITH ${charge} SELECT took FROM charge`, q.values);
  await pool().query("UPDATE credit_ledger_entry SET created_at = now() - make_interval(mins => $2) WHERE verification_id = $1 AND kind = 'usage'", [
    verificationId,
    minutesAgo,
  ]);
}

const refundsOf = async (verificationId: string) =>
  (await pool().query<{ amount: number }>("SELECT amount FROM credit_ledger_entry WHERE verification_id = $1 AND kind = 'refund'", [verificationId])).rows;

describe("credits reserved by a verify that never wrote its outcome", () => {
  it("come back once, and only theirs: a recorded verification's and a verify still in flight keep theirs", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const orphan = randomUUID();
    const inFlight = randomUUID();
    const recorded = await createTestVerification(biz.businessId);
    await reservation(biz.businessId, orphan, 15);
    await reservation(biz.businessId, inFlight, 2);
    await reservation(biz.businessId, recorded, 15);
    expect(await balanceOf(biz.businessId)).toBe(2);

    // Several sweeps at once, as several processes run them; another process's may hold the sweep's lock.
    await waitFor("the orphaned credit to come back", async () => {
      await Promise.all([refundOrphanedReservations(), refundOrphanedReservations(), refundOrphanedReservations()]);
      return (await refundsOf(orphan)).length > 0;
    });
    await refundOrphanedReservations();
    expect(await refundsOf(orphan)).toEqual([{ amount: 1 }]);
    expect(await refundsOf(inFlight)).toEqual([]);
    expect(await refundsOf(recorded)).toEqual([]);
    expect(await balanceOf(biz.businessId)).toBe(3);
    expect(await ledgerSum(biz.businessId)).toBe(3);
  });
});

describe("a stalled verify's own refund and the sweep's, meeting", () => {
  it("give the credit back once", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const stalled = randomUUID();
    await reservation(biz.businessId, stalled, 15);
    // The verify's refund commits while the sweep, which listed the reservation as orphaned, writes its own.
    await refundMeeting(biz.businessId, stalled, refundOrphanedReservations);
    expect(await refundsOf(stalled)).toEqual([{ amount: 1 }]);
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await ledgerSum(biz.businessId)).toBe(5);
  });
});
