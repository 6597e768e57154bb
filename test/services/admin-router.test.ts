import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { db } from "@/server/db/client";
import { createCallerFactory, ENROL_TWO_FACTOR_MESSAGE } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { adminContext } from "../support/contexts";
import { createTestBusiness } from "../support/factories";
import { enrolTwoFactor } from "../support/two-factor";
import { submission } from "../support/submission";
import { balanceOf } from "../support/queries";

const callerFor = async (userId: string) => {
  const user = await loadPortalUser(userId);
  return createCallerFactory(appRouter)({ user, membership: user?.memberships[0], mode: "test", requestId: `test_${randomUUID()}` });
};

const forbidden = (e: unknown) => e instanceof TRPCError && e.code === "FORBIDDEN";

describe("the admin router", () => {
  it("refuses every admin action to a business owner", async () => {
    const owner = await createTestBusiness();
    const caller = await callerFor(owner.userId);
    const businessId = owner.businessId;
    await expect(caller.admin.businesses.search({})).rejects.toSatisfy(forbidden);
    await expect(caller.admin.businesses.setStatus({ businessId, status: "suspended" })).rejects.toSatisfy(forbidden);
    await expect(caller.admin.businesses.grantCredits({ businessId, amount: 1000, ...submission() })).rejects.toSatisfy(forbidden);
    await expect(caller.admin.businesses.setRateLimit({ businessId, perMinute: 1000 })).rejects.toSatisfy(forbidden);
    await expect(caller.admin.registry.importCsv({ csv: "national_id\n", ...submission() })).rejects.toSatisfy(forbidden);
    await expect(caller.admin.audit.verifyChain()).rejects.toSatisfy(forbidden);
    expect(await db().business.findUniqueOrThrow({ where: { id: businessId } })).toMatchObject({ status: "active", rateLimitPerMinute: 60 });
    expect(await balanceOf(businessId)).toBe(0);
  });

  it("refuses every admin action to an admin without two-factor sign-in, until they turn it on", async () => {
    const admin = await adminContext();
    const adminId = admin.actor.type === "user" ? admin.actor.userId : "";
    const before = await callerFor(adminId);
    await expect(before.admin.businesses.search({})).rejects.toMatchObject({ code: "FORBIDDEN", message: ENROL_TWO_FACTOR_MESSAGE });
    expect(await before.security.status()).toEqual({ twoFactorEnabled: false, twoFactorRequired: true });
    await enrolTwoFactor(adminId);
    await expect((await callerFor(adminId)).admin.businesses.search({})).resolves.toBeDefined();
  });

  it("lets a platform admin suspend a business, audited as an admin action", async () => {
    const admin = await adminContext();
    const business = await createTestBusiness();
    await enrolTwoFactor(admin.actor.type === "user" ? admin.actor.userId : "");
    const caller = await callerFor(admin.actor.type === "user" ? admin.actor.userId : "");
    await caller.admin.businesses.setStatus({ businessId: business.businessId, status: "suspended", reason: "Unpaid invoice" });
    const entry = await db().auditLogEntry.findFirstOrThrow({ where: { businessId: business.businessId, action: "business.suspended" } });
    expect(entry).toMatchObject({ actorType: "admin", metadata: { reason: "Unpaid invoice" } });
    expect((await caller.admin.audit.verifyChain()).ok).toBe(true);
  });

  it("lets a business owner apply through the live-access router with field errors from the same schema", async () => {
    const owner = await createTestBusiness();
    const caller = await callerFor(owner.userId);
    await expect(caller.liveAccess.submitApplication({ legalName: "" } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await caller.liveAccess.status()).toMatchObject({ liveAccess: "none", latestApplication: null });
  });
});
