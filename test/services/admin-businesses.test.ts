import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { listAuditEntries } from "@/server/audit/list-audit-entries";
import { changePlan } from "@/server/businesses/change-plan";
import { createBusiness } from "@/server/businesses/create-business";
import { getBusinessOverview } from "@/server/businesses/get-business-overview";
import { searchBusinesses } from "@/server/businesses/search-businesses";
import { setRateLimit } from "@/server/businesses/set-rate-limit";
import { systemContext } from "@/server/context";
import { adminContext, memberContext } from "../support/contexts";
import { createTestBusiness } from "../support/factories";

const isForbidden = (e: unknown) => e instanceof AppError && e.code === "FORBIDDEN";

describe("raising a business's rate limit", () => {
  it("changes the limit and audits who changed it from what to what", async () => {
    const admin = await adminContext();
    const business = await createTestBusiness();
    await setRateLimit(admin, { businessId: business.businessId, perMinute: 600 });

    expect((await db().business.findUniqueOrThrow({ where: { id: business.businessId } })).rateLimitPerMinute).toBe(600);
    const entry = await db().auditLogEntry.findFirstOrThrow({ where: { businessId: business.businessId, action: "business.rate_limit_changed" } });
    expect(entry).toMatchObject({ actorType: "admin", actorId: admin.actor.type === "user" ? admin.actor.userId : "", metadata: { from: 60, to: 600 } });
  });

  it("refuses a limit below the documented default", async () => {
    const admin = await adminContext();
    const business = await createTestBusiness();
    await expect(setRateLimit(admin, { businessId: business.businessId, perMinute: 10 })).rejects.toThrow(/below the default/);
  });

  it("is for platform admins only, even for the business's owner", async () => {
    const business = await createTestBusiness();
    await expect(setRateLimit(memberContext(business), { businessId: business.businessId, perMinute: 600 })).rejects.toSatisfy(isForbidden);
    expect((await db().business.findUniqueOrThrow({ where: { id: business.businessId } })).rateLimitPerMinute).toBe(60);
  });
});

describe("changing a business's plan", () => {
  it("audits the change and does nothing when the plan is unchanged", async () => {
    const admin = await adminContext();
    const business = await createTestBusiness();
    await changePlan(admin, { businessId: business.businessId, plan: "enterprise" });
    await changePlan(admin, { businessId: business.businessId, plan: "enterprise" });
    const entries = await db().auditLogEntry.findMany({ where: { businessId: business.businessId, action: "business.plan_changed" } });
    expect(entries.map((e) => e.metadata)).toEqual([{ from: "starter", to: "enterprise" }]);
  });

  it("is for platform admins only", async () => {
    const business = await createTestBusiness();
    await expect(changePlan(memberContext(business), { businessId: business.businessId, plan: "enterprise" })).rejects.toSatisfy(isForbidden);
  });
});

describe("the admin business list and page", () => {
  it("finds businesses by part of their name, case-insensitively", async () => {
    const admin = await adminContext();
    const marker = randomUUID().slice(0, 8);
    await createBusiness(systemContext("test"), {
      businessName: `Dahabshiil ${marker} Bank`,
      ownerName: "Owner",
      email: `owner-${marker}@example.test`,
      password: "correct horse battery staple",
    });
    const found = await searchBusinesses(admin, { query: marker.toUpperCase() });
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({ name: `Dahabshiil ${marker} Bank`, status: "active", plan: "starter", liveAccess: "none", creditBalance: 0 });
  });

  it("shows a business's keys, balance and latest audit entries", async () => {
    const admin = await adminContext();
    const business = await createTestBusiness({ live: true, credits: 250 });
    const overview = await getBusinessOverview(admin, { businessId: business.businessId });
    expect(overview).toMatchObject({ creditBalance: 250, plan: "enterprise", liveAccess: "approved", activeKeys: { test: 1, live: 1 } });
    expect(overview.members).toEqual([{ name: "Test Owner", email: business.email, role: "owner", since: expect.any(Date) }]);
    expect(overview.recentAuditEntries.map((e) => e.action)).toEqual(["credits.granted", "api_key.created", "api_key.created", "business.created"]);
  });

  it("is for platform admins only", async () => {
    const business = await createTestBusiness();
    await expect(searchBusinesses(memberContext(business))).rejects.toSatisfy(isForbidden);
    await expect(getBusinessOverview(memberContext(business), { businessId: business.businessId })).rejects.toSatisfy(isForbidden);
  });
});

describe("the admin audit log", () => {
  it("filters by business and by action family, newest first", async () => {
    const admin = await adminContext();
    const business = await createTestBusiness({ credits: 10 });
    const all = await listAuditEntries(admin, { businessId: business.businessId });
    expect(all.items.map((e) => e.action)).toEqual(["credits.granted", "api_key.created", "business.created"]);
    expect(all.items.every((e) => e.businessName === "Test Business")).toBe(true);
    const keys = await listAuditEntries(admin, { businessId: business.businessId, action: "api_key" });
    expect(keys).toMatchObject({ total: 1, items: [{ action: "api_key.created", mode: "test" }] });
  });

  it("filters by time, refusing a range that ends before it starts", async () => {
    const admin = await adminContext();
    const business = await createTestBusiness();
    const future = new Date(Date.now() + 86_400_000);
    expect((await listAuditEntries(admin, { businessId: business.businessId, from: future })).total).toBe(0);
    expect((await listAuditEntries(admin, { businessId: business.businessId, to: future })).total).toBe(2);
    await expect(listAuditEntries(admin, { from: future, to: new Date() })).rejects.toThrow(/before the end date/);
  });

  it("is for platform admins only", async () => {
    const business = await createTestBusiness();
    await expect(listAuditEntries(memberContext(business))).rejects.toSatisfy(isForbidden);
  });
});
