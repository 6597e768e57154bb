/**
 * The admin dashboard's figures. Other tests write to the same database at the same time, so the
 * assertions are about what this test added (figures only grow here), never exact totals.
 */
import { describe, expect, it } from "vitest";
import { getPlatformDashboard, DASHBOARD_DAYS } from "@/server/admin/get-platform-dashboard";
import { api } from "../support/api";
import { adminContext, memberContext } from "../support/contexts";
import { createTestBusiness, uniqueNationalId } from "../support/factories";

describe("the platform dashboard", () => {
  it("counts verifications per day by mode and the credits granted and used", async () => {
    const admin = await adminContext();
    const before = await getPlatformDashboard(admin);
    const business = await createTestBusiness({ live: true, credits: 7 });
    const made: { createdAt: string }[] = [];
    for (const key of [business.testKey, business.testKey, business.liveKey!]) {
      made.push((await api("POST", "/verify/citizen", { key, body: { nationalId: uniqueNationalId() } })).body.data);
    }
    const after = await getPlatformDashboard(admin);

    expect(after.verificationsByDay).toHaveLength(DASHBOARD_DAYS);
    const days = after.verificationsByDay.map((d) => d.day);
    expect(days).toEqual([...days].sort());
    const day = after.verificationsByDay.find((d) => d.day === made[2]!.createdAt.slice(0, 10))!;
    expect(day.test).toBeGreaterThanOrEqual(2);
    expect(day.live).toBeGreaterThanOrEqual(1);
    expect(after.credits.granted).toBeGreaterThanOrEqual(before.credits.granted + 7);
    expect(after.credits.used).toBeGreaterThanOrEqual(before.credits.used + 1);
    expect(after.businesses.active + after.businesses.suspended).toBeGreaterThanOrEqual(before.businesses.active + before.businesses.suspended + 1);
    if (after.webhooks.failureRate !== null) expect(after.webhooks.failureRate).toBeGreaterThanOrEqual(0);
  });

  it("is for platform admins only", async () => {
    const business = await createTestBusiness();
    await expect(getPlatformDashboard(memberContext(business))).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
