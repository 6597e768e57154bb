/**
 * A lookup that ends without an outcome the caller received gives its credit back (product rules
 * §5): the credit reserved at admission returns as a `refund` ledger line, the balance equals
 * the ledger, nothing is recorded, and the Idempotency-Key is released so that the client can
 * retry. The test app's live registry fails on one configured ID (REGISTRY_FAILING_NATIONAL_ID).
 */
import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { api } from "../support/api";
import { FAILING_NATIONAL_ID, SLOW_IDS } from "../support/env";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { balanceOf, ledgerSum, outboxTypes, verificationCount } from "../support/queries";
import { seedCitizens } from "../support/batches";
import { refundMeeting } from "../support/held-refund";
import { waitFor } from "../support/wait-for";

const verify = (key: string, nationalId: string, idempotencyKey: string) =>
  api("POST", "/verify/citizen", { key, body: { nationalId }, headers: { "idempotency-key": idempotencyKey } });

async function ledger(businessId: string) {
  const { rows } = await pool().query<{ kind: string; amount: number; balance_after: number; verification_id: string | null }>(
    "SELECT kind, amount, balance_after, verification_id FROM credit_ledger_entry WHERE business_id = $1 AND kind <> 'grant' ORDER BY id",
    [businessId],
  );
  return rows;
}

describe("a live lookup that fails after admission", () => {
  it("costs nothing: the credit comes back as a refund line, nothing is recorded, and the key can be retried", async () => {
    const biz = await createTestBusiness({ live: true, credits: 3 });
    const key = `refund-${biz.businessId}`;
    const failed = await verify(biz.liveKey!, FAILING_NATIONAL_ID, key);
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ status: "failed", code: "INTERNAL_ERROR" });
    expect(await balanceOf(biz.businessId)).toBe(3);
    expect(await ledgerSum(biz.businessId)).toBe(3);
    const [usage, refund, ...rest] = await ledger(biz.businessId);
    expect(rest).toEqual([]);
    expect(usage).toMatchObject({ kind: "usage", amount: -1, balance_after: 2 });
    expect(refund).toEqual({ kind: "refund", amount: 1, balance_after: 3, verification_id: usage!.verification_id });
    expect(await verificationCount(biz.businessId)).toBe(0);
    expect(await outboxTypes(biz.businessId)).toEqual([]);

    // The key was released: the same key again runs again (no 409 in flight, no replay), and
    // once with another body it verifies (no 409 for a different payload).
    expect((await verify(biz.liveKey!, FAILING_NATIONAL_ID, key)).status).toBe(500);
    const known = uniqueNationalId();
    await seedCitizens([{ nationalId: known }]);
    const retried = await verify(biz.liveKey!, known, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ cached: false, creditDeducted: true, data: { result: "verified" } });
    expect(await balanceOf(biz.businessId)).toBe(2);
    expect(await ledgerSum(biz.businessId)).toBe(2);
    // The history's seq has no gap where the failed lookups were.
    const { rows } = await pool().query<{ seq: number }>("SELECT seq FROM verification WHERE business_id = $1 AND mode = 'live'", [biz.businessId]);
    expect(rows).toEqual([{ seq: 1 }]);
  });
});

describe("a verify's refund that meets the maintenance sweep's", () => {
  it("gives the credit back once and still answers the lookup's 503", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    // A lookup that never answers: the verify refunds when its budget (4 s) runs out, after the sweep
    // below has given the same credit back and before that refund is committed.
    const answered = api("POST", "/verify/citizen", { key: biz.liveKey, body: { nationalId: SLOW_IDS.never } });
    const reserved = await waitFor("the admission's reservation", async () => (await ledger(biz.businessId)).find((line) => line.kind === "usage")?.verification_id);
    const res = await refundMeeting(biz.businessId, reserved, () => answered);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "REGISTRY_UNAVAILABLE" });
    expect((await ledger(biz.businessId)).filter((line) => line.kind === "refund")).toEqual([{ kind: "refund", amount: 1, balance_after: 5, verification_id: reserved }]);
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await ledgerSum(biz.businessId)).toBe(5);
  });
});
