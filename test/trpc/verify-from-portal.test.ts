/** The portal's verify form follows the API's account rules: suspended businesses and live mode without live access are refused. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { setBusinessStatus } from "@/server/businesses/set-business-status";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { api } from "../support/api";
import { createTestBusiness } from "../support/factories";
import { submission } from "../support/submission";

const createCaller = createCallerFactory(appRouter);

async function ownerCaller(userId: string, mode: "test" | "live") {
  const user = await loadPortalUser(userId);
  return createCaller({ user, membership: user?.memberships[0], mode, requestId: `req_verify_${randomUUID()}` });
}

describe("verify from the portal", () => {
  it("counts against the business's verify limit, shared with the API", async () => {
    const business = await createTestBusiness({ rateLimitPerMinute: 2 });
    const portal = await ownerCaller(business.userId, "test");
    await portal.verifications.verify({ nationalId: "11111111111", ...submission() });
    await portal.verifications.verify({ nationalId: "11111111111", ...submission() });
    await expect(portal.verifications.verify({ nationalId: "11111111111", ...submission() })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringContaining("Rate limit of 2 requests per minute exceeded"),
    });
    const viaApi = await api("POST", "/verify/citizen", { key: business.testKey, body: { nationalId: "11111111111" } });
    expect(viaApi.status).toBe(429);
  });

  it("words a repeated form in the form's terms, never the API's Idempotency-Key", async () => {
    const business = await createTestBusiness();
    const portal = await ownerCaller(business.userId, "test");
    const token = submission();
    await portal.verifications.verify({ nationalId: "11111111111", ...token });
    const again = portal.verifications.verify({ nationalId: "22222222222", ...token });
    await expect(again).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("This form was already sent") });
    await expect(again).rejects.not.toMatchObject({ message: expect.stringContaining("Idempotency-Key") });
  });

  it("records a portal verification in test mode at no cost", async () => {
    const business = await createTestBusiness();
    const body = await (await ownerCaller(business.userId, "test")).verifications.verify({ nationalId: "11111111111", purpose: "Branch", ...submission() });
    expect(body.data).toMatchObject({ result: "verified", channel: "portal", creditsUsed: 0, purpose: "Branch" });
    expect(body.citizen).not.toBeNull();
  });

  it("refuses live mode without live access", async () => {
    const business = await createTestBusiness();
    await expect((await ownerCaller(business.userId, "live")).verifications.verify({ nationalId: "11111111111", ...submission() })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("charges one live credit like the API", async () => {
    const business = await createTestBusiness({ live: true, credits: 3 });
    const body = await (await ownerCaller(business.userId, "live")).verifications.verify({ nationalId: "22222222222", ...submission() });
    expect(body).toMatchObject({ creditDeducted: true, data: { creditsUsed: 1 } });
    const summary = await (await ownerCaller(business.userId, "live")).business.summary();
    expect(summary.creditBalance).toBe(2);
  });

  it("refuses a suspended business", async () => {
    const business = await createTestBusiness();
    await setBusinessStatus(systemContext("test"), { businessId: business.businessId, status: "suspended" });
    await expect((await ownerCaller(business.userId, "test")).verifications.verify({ nationalId: "11111111111", ...submission() })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
