import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { applyForLiveAccess } from "@/server/live-access/apply-for-live-access";
import { decideLiveAccess } from "@/server/live-access/decide-live-access";
import { getLiveAccessStatus } from "@/server/live-access/get-live-access-status";
import { listPendingApplications } from "@/server/live-access/list-pending-applications";
import { adminContext, memberContext } from "../support/contexts";
import { createTestBusiness } from "../support/factories";
import { businessWithPendingApplication, validApplication } from "../support/live-access";

const outboxEvents = (businessId: string) =>
  db().outboxEvent.findMany({ where: { businessId, type: { startsWith: "live_access" } }, orderBy: { createdAt: "asc" } });
const auditActions = async (businessId: string) =>
  (await db().auditLogEntry.findMany({ where: { businessId, action: { startsWith: "live_access" } }, orderBy: { id: "asc" } })).map((e) => e.action);

const rejectsWith = (promise: Promise<unknown>, code: string, message?: RegExp) =>
  expect(promise).rejects.toSatisfy((e) => e instanceof AppError && e.code === code && (!message || message.test(e.message)));

describe("applying for live access", () => {
  it("puts the business in pending review and audits the application", async () => {
    const business = await businessWithPendingApplication();
    const status = await getLiveAccessStatus(memberContext(business, "viewer"), { businessId: business.businessId });
    expect(status.liveAccess).toBe("pending");
    expect(status.latestApplication?.status).toBe("pending");
    expect(await auditActions(business.businessId)).toEqual(["live_access.applied"]);
  });

  it("allows one pending application at a time", async () => {
    const business = await businessWithPendingApplication();
    await rejectsWith(applyForLiveAccess(memberContext(business), { businessId: business.businessId, ...validApplication }), "CONFLICT", /already waiting/);
  });

  it("is for owners only", async () => {
    const business = await createTestBusiness();
    await rejectsWith(
      applyForLiveAccess(memberContext(business, "developer"), { businessId: business.businessId, ...validApplication }),
      "FORBIDDEN",
    );
  });

  it("refuses an incomplete form with the offending fields", async () => {
    const business = await createTestBusiness();
    const attempt = applyForLiveAccess(memberContext(business), { ...validApplication, businessId: business.businessId, contactEmail: "nope", intendedUse: "" });
    await expect(attempt).rejects.toSatisfy((e: { issues?: { path: PropertyKey[] }[] }) =>
      ["contactEmail", "intendedUse"].every((f) => e.issues?.some((i) => i.path[0] === f)),
    );
  });
});

describe("deciding live access", () => {
  it("approval puts the business on enterprise with live access and raises live_access_approved in live mode", async () => {
    const admin = await adminContext();
    const business = await businessWithPendingApplication();
    await decideLiveAccess(admin, { applicationId: business.applicationId, decision: "approve" });

    const row = await db().business.findUniqueOrThrow({ where: { id: business.businessId } });
    expect(row).toMatchObject({ liveAccess: "approved", plan: "enterprise" });
    const events = await outboxEvents(business.businessId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "live_access_approved", mode: "live" });
    expect(events[0]!.payload).toMatchObject({ type: "live_access_approved", mode: "live", data: { applicationId: business.applicationId } });
    expect(await auditActions(business.businessId)).toEqual(["live_access.applied", "live_access.approved"]);
  });

  it("rejection records the reason, shows it to the business and raises live_access_rejected", async () => {
    const admin = await adminContext();
    const business = await businessWithPendingApplication();
    const reason = "The registration number does not match the company register.";
    await decideLiveAccess(admin, { applicationId: business.applicationId, decision: "reject", reason });

    const status = await getLiveAccessStatus(memberContext(business), { businessId: business.businessId });
    // What was sent comes back too, so the owner corrects the application instead of retyping it.
    expect(status).toMatchObject({ liveAccess: "rejected", plan: "starter", latestApplication: { ...validApplication, status: "rejected", rejectionReason: reason } });
    const events = await outboxEvents(business.businessId);
    expect(events.map((e) => e.payload)).toMatchObject([{ type: "live_access_rejected", mode: "live", data: { applicationId: business.applicationId, reason } }]);
    expect(await auditActions(business.businessId)).toEqual(["live_access.applied", "live_access.rejected"]);
  });

  it("a rejected business can apply again", async () => {
    const admin = await adminContext();
    const business = await businessWithPendingApplication();
    await decideLiveAccess(admin, { applicationId: business.applicationId, decision: "reject", reason: "Incomplete address" });
    await applyForLiveAccess(memberContext(business), { businessId: business.businessId, ...validApplication });
    expect((await getLiveAccessStatus(memberContext(business), { businessId: business.businessId })).liveAccess).toBe("pending");
  });

  it("a reason is required to reject", async () => {
    const admin = await adminContext();
    const business = await businessWithPendingApplication();
    await expect(decideLiveAccess(admin, { applicationId: business.applicationId, decision: "reject", reason: " " })).rejects.toThrow(/reason/);
  });

  it("refuses to decide an application twice", async () => {
    const admin = await adminContext();
    const business = await businessWithPendingApplication();
    await decideLiveAccess(admin, { applicationId: business.applicationId, decision: "approve" });
    await rejectsWith(
      decideLiveAccess(admin, { applicationId: business.applicationId, decision: "reject", reason: "Changed my mind" }),
      "CONFLICT",
      /already approved/,
    );
    expect((await db().business.findUniqueOrThrow({ where: { id: business.businessId } })).liveAccess).toBe("approved");
  });

  it("applies exactly one of two concurrent decisions", async () => {
    const admin = await adminContext();
    for (let round = 0; round < 5; round++) {
      const business = await businessWithPendingApplication();
      const outcomes = await Promise.allSettled([
        decideLiveAccess(admin, { applicationId: business.applicationId, decision: "approve" }),
        decideLiveAccess(admin, { applicationId: business.applicationId, decision: "reject", reason: "Not eligible in this region" }),
      ]);
      const applied = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
      expect(applied).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.reason).toMatchObject({ code: "CONFLICT" });

      const winner = outcomes[0].status === "fulfilled" ? "approved" : "rejected";
      const row = await db().business.findUniqueOrThrow({ where: { id: business.businessId } });
      expect(row.liveAccess).toBe(winner);
      expect(row.plan).toBe(winner === "approved" ? "enterprise" : "starter");
      expect((await outboxEvents(business.businessId)).map((e) => e.type)).toEqual([`live_access_${winner}`]);
      expect(await auditActions(business.businessId)).toEqual(["live_access.applied", `live_access.${winner}`]);
    }
  });

  it("is for platform admins only", async () => {
    const business = await businessWithPendingApplication();
    await rejectsWith(decideLiveAccess(memberContext(business), { applicationId: business.applicationId, decision: "approve" }), "FORBIDDEN");
    await rejectsWith(listPendingApplications(memberContext(business)), "FORBIDDEN");
    expect((await db().business.findUniqueOrThrow({ where: { id: business.businessId } })).liveAccess).toBe("pending");
  });

  it("lists pending applications in the admin queue, and decided ones leave it", async () => {
    const admin = await adminContext();
    const business = await businessWithPendingApplication();
    const inQueue = async () => {
      for (let page = 1; ; page++) {
        const { items, total, limit } = await listPendingApplications(admin, { page, limit: 100 });
        if (items.some((a) => a.id === business.applicationId)) return true;
        if (page * limit >= total) return false;
      }
    };
    expect(await inQueue()).toBe(true);
    await decideLiveAccess(admin, { applicationId: business.applicationId, decision: "approve" });
    expect(await inQueue()).toBe(false);
  });
});
