/**
 * Every portal procedure, called as every kind of caller that must be refused. The table below
 * must name every procedure of appRouter: adding a procedure without deciding who may call it
 * fails the first test.
 */
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser, type TrpcContext } from "@/server/trpc/context";
import { createTestBusiness, createTestInvitation, createTestMember, createTestVerification, uniqueNationalId } from "../support/factories";
import { createApiKey } from "@/server/keys/create-api-key";
import { systemContext } from "@/server/context";
import { validApplication } from "../support/live-access";
import { submission } from "../support/submission";
import { mayDo, type PortalAction } from "@/contracts/roles";

type Caller = "signedOut" | "outsider" | "viewer" | "developer";
type Outcome = "ok" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "BAD_REQUEST";

/** Rows and ids of business A, whose data every refused caller is after. */
type World = {
  businessId: string;
  viewerId: string;
  invitationId: string;
  keyToRevoke: string;
  keyToRoll: string;
  verificationId: string;
};

type Case = { input?: (w: World) => unknown; expect: Record<Caller, Outcome> };

const publicCase = { signedOut: "ok", outsider: "ok", viewer: "ok", developer: "ok" } as const;
const authed = { ...publicCase, signedOut: "UNAUTHORIZED" } as const;
// From the role table: a member whose role may not do the action is refused. "ok" for the
// outsider (an owner of another business) means: answered for their own business, with nothing
// of business A in it.
const member = (action: PortalAction): Record<Caller, Outcome> => ({
  ...authed,
  viewer: mayDo("viewer", action) ? "ok" : "FORBIDDEN",
  developer: mayDo("developer", action) ? "ok" : "FORBIDDEN",
});

const adminOnly = { signedOut: "UNAUTHORIZED", outsider: "FORBIDDEN", viewer: "FORBIDDEN", developer: "FORBIDDEN" } as const;

const bogusToken = "x".repeat(43);
const newAccount = () => ({ businessName: "Signup Co", ownerName: "New Owner", email: `new-${randomUUID()}@example.test`, password: "long enough password" });

const CASES: Record<string, Case> = {
  "session.me": { expect: publicCase },
  "account.signUp": { input: newAccount, expect: publicCase },
  "account.signUpWithInvitation": {
    input: () => ({ token: bogusToken, name: "X", email: `inv-${randomUUID()}@example.test`, password: "long enough password" }),
    expect: { signedOut: "NOT_FOUND", outsider: "NOT_FOUND", viewer: "NOT_FOUND", developer: "NOT_FOUND" },
  },
  "account.invitation": { input: () => ({ token: bogusToken }), expect: { signedOut: "NOT_FOUND", outsider: "NOT_FOUND", viewer: "NOT_FOUND", developer: "NOT_FOUND" } },
  "account.requestPasswordReset": { input: () => ({ email: `reset-${randomUUID()}@example.test` }), expect: publicCase },
  "account.passwordResetLink": { input: () => ({ token: bogusToken }), expect: publicCase },
  "account.resetPassword": { input: () => ({ token: bogusToken, password: "long enough password" }), expect: { signedOut: "BAD_REQUEST", outsider: "BAD_REQUEST", viewer: "BAD_REQUEST", developer: "BAD_REQUEST" } },
  "account.emailConfirmationLink": { input: () => ({ token: bogusToken }), expect: publicCase },
  "account.confirmEmail": { input: () => ({ token: bogusToken, password: "long enough password" }), expect: { signedOut: "BAD_REQUEST", outsider: "BAD_REQUEST", viewer: "BAD_REQUEST", developer: "BAD_REQUEST" } },
  "account.setLocale": { input: () => ({ locale: "en" }), expect: authed },
  "account.acceptInvitation": { input: () => ({ token: bogusToken }), expect: { ...authed, outsider: "NOT_FOUND", viewer: "NOT_FOUND", developer: "NOT_FOUND" } },
  "security.status": { expect: authed },
  "security.beginTwoFactor": { expect: authed },
  "security.confirmTwoFactor": { input: () => ({ code: "000000" }), expect: { signedOut: "UNAUTHORIZED", outsider: "BAD_REQUEST", viewer: "BAD_REQUEST", developer: "BAD_REQUEST" } },
  "security.disableTwoFactor": { input: () => ({ password: "wrong password", code: "000000" }), expect: { signedOut: "UNAUTHORIZED", outsider: "BAD_REQUEST", viewer: "BAD_REQUEST", developer: "BAD_REQUEST" } },
  "security.changePassword": { input: () => ({ currentPassword: "wrong password", newPassword: "another long password" }), expect: { signedOut: "UNAUTHORIZED", outsider: "BAD_REQUEST", viewer: "BAD_REQUEST", developer: "BAD_REQUEST" } },
  "security.sessions": { expect: authed },
  "security.endSessions": { input: () => ({ sessionId: crypto.randomUUID() }), expect: { signedOut: "UNAUTHORIZED", outsider: "NOT_FOUND", viewer: "NOT_FOUND", developer: "NOT_FOUND" } },
  "business.summary": { expect: member("read") },
  "business.usageByDay": { expect: member("read") },
  "business.gettingStarted": { expect: member("read") },
  "business.registryHealth": { expect: member("read") },
  "business.updateDataProtection": { input: () => ({ retentionYears: 7 }), expect: member("manageDataProtection") },
  "keys.list": { expect: member("manageKeys") },
  "keys.create": { input: () => ({ name: "Authz test", expiresInDays: null, ...submission() }), expect: member("manageKeys") },
  "keys.createReferenceKey": { input: () => submission(), expect: member("manageKeys") },
  "keys.revoke": { input: (w) => ({ keyId: w.keyToRevoke }), expect: { ...member("manageKeys"), outsider: "FORBIDDEN" } },
  "keys.update": { input: (w) => ({ keyId: w.keyToRoll, name: "Renamed" }), expect: { ...member("manageKeys"), outsider: "FORBIDDEN" } },
  "keys.roll": { input: (w) => ({ keyId: w.keyToRoll, oldKeyExpires: "in_24h", ...submission() }), expect: { ...member("manageKeys"), outsider: "FORBIDDEN" } },
  "verifications.verify": { input: () => ({ nationalId: uniqueNationalId(), ...submission() }), expect: member("verify") },
  "verifications.list": { input: () => ({ filters: {}, page: 1, limit: 20 }), expect: member("read") },
  "verifications.certificate": { input: (w) => ({ id: w.verificationId }), expect: { ...member("read"), outsider: "NOT_FOUND" } },
  "verifications.redact": { input: (w) => ({ id: w.verificationId }), expect: { ...member("manageBusiness"), outsider: "NOT_FOUND" } },
  "requestLog.list": { input: () => ({}), expect: member("read") },
  "batches.list": { input: () => ({}), expect: member("read") },
  "batches.get": { input: () => ({ id: randomUUID() }), expect: { ...member("read"), outsider: "NOT_FOUND", viewer: "NOT_FOUND", developer: "NOT_FOUND" } },
  "batches.cancel": { input: () => ({ id: randomUUID(), ...submission() }), expect: { ...member("verify"), outsider: "NOT_FOUND", developer: "NOT_FOUND" } },
  "credits.ledger": { input: () => ({}), expect: member("read") },
  "credits.setLowCreditThreshold": { input: () => ({ threshold: 50 }), expect: member("manageBusiness") },
  "team.members": { expect: member("read") },
  "team.invitations": { expect: member("manageTeam") },
  "team.invite": { input: () => ({ role: "viewer", ...submission() }), expect: member("manageTeam") },
  "team.revokeInvitation": { input: (w) => ({ invitationId: w.invitationId }), expect: { ...member("manageTeam"), outsider: "NOT_FOUND" } },
  "team.changeRole": { input: (w) => ({ userId: w.viewerId, role: "owner" }), expect: { ...member("manageTeam"), outsider: "NOT_FOUND" } },
  "team.remove": { input: (w) => ({ userId: w.viewerId }), expect: { ...member("manageTeam"), outsider: "NOT_FOUND" } },
  "liveAccess.status": { expect: member("read") },
  "liveAccess.submitApplication": { input: () => ({ ...validApplication, ...submission() }), expect: member("manageLiveAccess") },
  "admin.dashboard": { expect: adminOnly },
  "admin.businesses.search": { input: () => ({}), expect: adminOnly },
  "admin.businesses.get": { input: (w) => ({ businessId: w.businessId }), expect: adminOnly },
  "admin.businesses.setStatus": { input: (w) => ({ businessId: w.businessId, status: "suspended" }), expect: adminOnly },
  "admin.businesses.changePlan": { input: (w) => ({ businessId: w.businessId, plan: "enterprise" }), expect: adminOnly },
  "admin.businesses.grantCredits": { input: (w) => ({ businessId: w.businessId, amount: 1000, ...submission() }), expect: adminOnly },
  "admin.businesses.setRateLimit": { input: (w) => ({ businessId: w.businessId, perMinute: 1000 }), expect: adminOnly },
  "admin.liveAccess.pending": { input: () => ({}), expect: adminOnly },
  "admin.liveAccess.decide": { input: () => ({ applicationId: randomUUID(), decision: "approve", ...submission() }), expect: adminOnly },
  "admin.registry.count": { expect: adminOnly },
  "admin.registry.gateway": { expect: adminOnly },
  "admin.registry.previewCsv": { input: () => ({ csv: "national_id\n" }), expect: adminOnly },
  "admin.registry.importCsv": { input: () => ({ csv: "national_id\n", ...submission() }), expect: adminOnly },
  "admin.audit.list": { input: () => ({}), expect: adminOnly },
  "admin.audit.verifyChain": { expect: adminOnly },
  "webhooks.endpoint": { expect: member("read") },
  // Tests allow http and local addresses (WEBHOOK_ALLOW_INSECURE); port 9 refuses at once.
  "webhooks.setUrl": { input: () => ({ url: "http://127.0.0.1:9/hook", ...submission() }), expect: member("manageWebhooks") },
  "webhooks.sendTest": { input: submission, expect: member("manageWebhooks") },
  "webhooks.revealSecret": { expect: member("manageWebhooks") },
  "webhooks.rotateSecret": { input: submission, expect: member("manageWebhooks") },
  "webhooks.enable": { expect: member("manageWebhooks") },
  "webhooks.setEventTypes": { input: () => ({ eventTypes: ["verification_completed"], ...submission() }), expect: member("manageWebhooks") },
  "webhooks.event": { input: () => ({ id: randomUUID() }), expect: { ...member("read"), outsider: "NOT_FOUND", viewer: "NOT_FOUND", developer: "NOT_FOUND" } },
  "webhooks.deliveries": { input: () => ({}), expect: member("read") },
  "webhooks.resend": { input: () => ({ deliveryId: randomUUID(), ...submission() }), expect: { ...member("manageWebhooks"), outsider: "NOT_FOUND", developer: "NOT_FOUND" } },
  // After webhooks.setUrl above, every caller's business has an endpoint.
  "webhooks.resendFailed": { input: () => ({ since: new Date(Date.now() - 3_600_000), ...submission() }), expect: member("manageWebhooks") },
  "webhooks.health": { input: (w) => ({ businessId: w.businessId }), expect: adminOnly },
  "webhooks.deleteEndpoint": { input: submission, expect: member("manageWebhooks") },
};

const createCaller = createCallerFactory(appRouter);
const procedurePaths = Object.keys(appRouter._def.procedures);

async function contextFor(userId: string | null): Promise<TrpcContext> {
  const user = await loadPortalUser(userId ?? undefined);
  return { user, membership: user?.memberships[0], mode: "test", requestId: `req_authz_${randomUUID()}` };
}

async function call(ctx: TrpcContext, path: string, input: unknown): Promise<{ outcome: string; result?: unknown }> {
  const target = path.split(".").reduce<any>((node, key) => node[key], createCaller(ctx));
  try {
    return { outcome: "ok", result: await target(input) };
  } catch (error) {
    if (error instanceof TRPCError) return { outcome: error.code };
    throw error;
  }
}

describe("portal authorization", () => {
  let world: World;
  const contexts = {} as Record<Caller, TrpcContext>;

  beforeAll(async () => {
    const a = await createTestBusiness();
    const outsider = await createTestBusiness();
    const viewer = await createTestMember(a.businessId, "viewer");
    const developer = await createTestMember(a.businessId, "developer");
    const key = () => createApiKey(systemContext("authz-test"), { businessId: a.businessId, mode: "test", name: "target" });
    world = {
      businessId: a.businessId,
      viewerId: viewer.userId,
      invitationId: await createTestInvitation(a.businessId),
      keyToRevoke: (await key()).id,
      keyToRoll: (await key()).id,
      verificationId: await createTestVerification(a.businessId),
    };
    contexts.signedOut = await contextFor(null);
    contexts.outsider = await contextFor(outsider.userId);
    contexts.viewer = await contextFor(viewer.userId);
    contexts.developer = await contextFor(developer.userId);
  });

  it("has an expected outcome for every procedure of appRouter", () => {
    expect(procedurePaths.filter((p) => !(p in CASES)), "procedures without an authorization case").toEqual([]);
    expect(Object.keys(CASES).filter((p) => !procedurePaths.includes(p)), "cases for procedures that no longer exist").toEqual([]);
  });

  describe.each(procedurePaths)("%s", (path) => {
    it.each(["signedOut", "outsider", "viewer", "developer"] as const)("as %s", async (caller) => {
      const testCase = CASES[path];
      if (!testCase) return; // reported by the coverage test above
      const { outcome, result } = await call(contexts[caller], path, testCase.input?.(world));
      expect(outcome).toBe(testCase.expect[caller]);
      if (caller === "outsider" && outcome === "ok") {
        const leaked = [world.businessId, world.keyToRevoke, world.keyToRoll, world.verificationId, world.viewerId];
        const text = JSON.stringify(result ?? null);
        expect(leaked.filter((id) => text.includes(id)), "business A's ids in an outsider's answer").toEqual([]);
      }
    });
  });
});
