/** Team rules through the portal's procedures: invitation links work once, a business keeps an owner. */
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { ZodError } from "zod";
import { db } from "@/server/db/client";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { createTestBusiness, createTestMember } from "../support/factories";
import { submission } from "../support/submission";

const createCaller = createCallerFactory(appRouter);

async function callerFor(userId: string | null) {
  const user = await loadPortalUser(userId ?? undefined);
  return createCaller({ user, membership: user?.memberships[0], mode: "test", requestId: `req_team_${randomUUID()}` });
}

const newPerson = (token: string) => ({ token, name: "New Person", email: `p-${randomUUID()}@example.test`, password: "long enough password" });

describe("team", () => {
  it("an invitation link makes one member with the invited role, and only once", async () => {
    const business = await createTestBusiness();
    const owner = await callerFor(business.userId);
    const { token } = await owner.team.invite({ role: "viewer", ...submission() });

    const anonymous = await callerFor(null);
    expect(await anonymous.account.invitation({ token })).toMatchObject({ businessName: "Test Business", role: "viewer", state: "open" });
    const joined = await anonymous.account.signUpWithInvitation(newPerson(token));
    expect(joined).toEqual({ businessId: business.businessId, role: "viewer" });

    await expect(anonymous.account.signUpWithInvitation(newPerson(token))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await owner.team.members()).map((m) => m.role).sort()).toEqual(["owner", "viewer"]);
    expect(await owner.team.invitations()).toEqual([]);
  });

  it("a revoked invitation's link stops working; revoking twice is harmless and audited once", async () => {
    const business = await createTestBusiness();
    const owner = await callerFor(business.userId);
    const { id, token } = await owner.team.invite({ role: "developer", ...submission() });
    const first = await owner.team.revokeInvitation({ invitationId: id });
    const again = await owner.team.revokeInvitation({ invitationId: id });
    expect(again).toEqual(first);
    expect(await owner.team.invitations()).toEqual([]);

    const anonymous = await callerFor(null);
    expect(await anonymous.account.invitation({ token })).toMatchObject({ state: "revoked" });
    await expect(anonymous.account.signUpWithInvitation(newPerson(token))).rejects.toMatchObject({ code: "BAD_REQUEST", message: "This invitation was revoked" });
    expect((await owner.team.members()).map((m) => m.role)).toEqual(["owner"]);
    expect(await db().auditLogEntry.count({ where: { businessId: business.businessId, action: "invitation.revoked" } })).toBe(1);
  });

  it("an accepted invitation cannot be revoked", async () => {
    const business = await createTestBusiness();
    const owner = await callerFor(business.userId);
    const { id, token } = await owner.team.invite({ role: "viewer", ...submission() });
    await (await callerFor(null)).account.signUpWithInvitation(newPerson(token));
    await expect(owner.team.revokeInvitation({ invitationId: id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("the last owner can be neither demoted nor removed; with a second owner, both work", async () => {
    const business = await createTestBusiness();
    const owner = await callerFor(business.userId);
    await expect(owner.team.changeRole({ userId: business.userId, role: "developer" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("at least one owner"),
    });
    await expect(owner.team.remove({ userId: business.userId })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    const second = await createTestMember(business.businessId, "developer");
    await owner.team.changeRole({ userId: second.userId, role: "owner" });
    await owner.team.changeRole({ userId: business.userId, role: "developer" });
    const members = await (await callerFor(second.userId)).team.members();
    expect(Object.fromEntries(members.map((m) => [m.userId, m.role]))).toEqual({ [business.userId]: "developer", [second.userId]: "owner" });
  });

  it("sign-up validates with field errors and cannot choose a plan or live access", async () => {
    const anonymous = await callerFor(null);
    const refused = await anonymous.account
      .signUp({ businessName: "B", ownerName: "", email: "not-an-email", password: "short" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    const issues = ((refused as TRPCError).cause as ZodError).issues.map((i) => i.path.join("."));
    expect(issues.sort()).toEqual(["businessName", "email", "ownerName", "password"]);
    const email = `o-${randomUUID()}@example.test`;
    await anonymous.account.signUp({ businessName: "Careful Co", ownerName: "Owner", email, password: "long enough password", ...({ plan: "enterprise", approveLive: true } as object) });
    const { businessId } = await db().membership.findFirstOrThrow({ where: { user: { email } }, select: { businessId: true } });
    expect(await db().business.findUniqueOrThrow({ where: { id: businessId }, select: { plan: true, liveAccess: true } })).toEqual({
      plan: "starter",
      liveAccess: "none",
    });
  });

  it("sign-ups from one client address are throttled", async () => {
    const caller = createCaller({ user: null, membership: undefined, mode: "test", requestId: "req_signup_throttle", clientAddress: `203.0.113.${Math.floor(Math.random() * 250)}` });
    const account = () => ({ businessName: "Busy Co", ownerName: "Owner", email: `b-${randomUUID()}@example.test`, password: "long enough password" });
    for (let i = 0; i < 10; i++) await caller.account.signUp(account());
    await expect(caller.account.signUp(account())).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});
