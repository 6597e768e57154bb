/**
 * The overview's usage chart reads verifications per day and result: every result the API can
 * answer has its count (a result missing from the query would be a hole in the chart's total).
 */
import { describe, expect, it } from "vitest";
import { SANDBOX_IDS } from "@/contracts/sandbox";
import { verificationResultSchema } from "@/contracts/verifications";
import { getUsageByDay } from "@/server/overview/get-usage-by-day";
import { verifyCitizen } from "@/server/verifications/verify-citizen";
import { memberContext } from "../support/contexts";
import { createTestBusiness } from "../support/factories";

describe("usage by day", () => {
  it("counts today's verifications under their own result, deceased included", async () => {
    const biz = await createTestBusiness();
    const ctx = memberContext(biz);
    for (const nationalId of [SANDBOX_IDS.deceased, SANDBOX_IDS.deceased, SANDBOX_IDS.verified]) {
      await verifyCitizen(ctx, { businessId: biz.businessId, mode: "test", channel: "portal", nationalId });
    }
    const days = await getUsageByDay(ctx, { businessId: biz.businessId, mode: "test" });
    const today = days.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(Object.keys(today).sort()).toEqual(["day", ...verificationResultSchema.options].sort());
    expect(today).toMatchObject({ deceased: 2, verified: 1, revoked: 0 });
  });
});
