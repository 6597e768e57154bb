/**
 * Two-factor sign-in and portal sessions (product rules §21): codes are checked once each,
 * recovery codes are single-use, admins and members of a business that requires it must enrol,
 * and sessions end when the user signs out everywhere, changes their password or is removed.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateHOTP } from "@oslojs/otp";
import { db } from "@/server/db/client";
import { createCallerFactory, ENROL_TWO_FACTOR_MESSAGE } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { signIn } from "@/server/accounts/sign-in";
import { createSession, endUserSessions } from "@/server/accounts/sessions";
import { changePassword } from "@/server/accounts/change-password";
import { disableTwoFactor } from "@/server/accounts/two-factor";
import { removeMember } from "@/server/team/remove-member";
import { updateDataProtectionSettings } from "@/server/data-protection/update-data-protection-settings";
import { adminContext, memberContext } from "../support/contexts";
import { createTestBusiness, createTestMember } from "../support/factories";
import { codeFor, enrolTwoFactor } from "../support/two-factor";
import { uniqueAddress } from "../support/addresses";

const PASSWORD = "correct horse battery staple";
const address = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
const userCtx = (userId: string) => ({ actor: { type: "user" as const, userId, isPlatformAdmin: false }, requestId: `req_${randomUUID()}` });

async function callerFor(userId: string, sessionId?: string) {
  const user = await loadPortalUser(userId, sessionId === undefined ? undefined : { userId, sessionId });
  return createCallerFactory(appRouter)({ user, membership: user?.memberships[0], mode: "test", requestId: `req_${randomUUID()}` });
}

describe("signing in with a second factor", () => {
  it("asks for the code after the right password, accepts a code once, and a recovery code once", async () => {
    const biz = await createTestBusiness();
    const { secret, recoveryCodes } = await enrolTwoFactor(biz.userId);
    expect(recoveryCodes).toHaveLength(10);
    const clientAddress = address();
    const attempt = (code?: string) => signIn({ email: biz.email, password: PASSWORD, code, clientAddress });

    expect(await attempt()).toEqual({ ok: false, reason: "two_factor_required" });
    expect(await signIn({ email: biz.email, password: "wrong password 1", clientAddress })).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt("123456x")).toEqual({ ok: false, reason: "invalid_code" });

    const code = await codeFor(biz.userId, secret);
    expect(await attempt(code)).toMatchObject({ ok: true });
    expect(await attempt(code)).toEqual({ ok: false, reason: "invalid_code" }); // replayed

    // A code for a step long past is refused even if never used.
    const stale = generateHOTP(secret, BigInt(Math.floor(Date.now() / 30_000)) - 10n, 6);
    expect(await attempt(stale)).toEqual({ ok: false, reason: "invalid_code" });

    const recovery = recoveryCodes[0]!;
    expect(await attempt(` ${recovery.toUpperCase().replaceAll("-", "")} `)).toMatchObject({ ok: true });
    expect(await attempt(recovery)).toEqual({ ok: false, reason: "invalid_code" });
    expect((await db().user.findUniqueOrThrow({ where: { id: biz.userId } })).recoveryCodeHashes).toHaveLength(9);
  });

  it("counts a wrong code, from any address, as three wrong passwords: four delay the account", async () => {
    const biz = await createTestBusiness();
    const { secret } = await enrolTwoFactor(biz.userId);
    for (let i = 0; i < 4; i++) expect(await signIn({ email: biz.email, password: PASSWORD, code: "000000", clientAddress: uniqueAddress() })).toEqual({ ok: false, reason: "invalid_code" });
    const code = await codeFor(biz.userId, secret);
    expect(await signIn({ email: biz.email, password: PASSWORD, code, clientAddress: uniqueAddress() })).toMatchObject({ ok: false, reason: "delayed" });
  });
});

describe("who must use it", () => {
  it("a business can require it: members without it are stopped until they turn it on; the owner first", async () => {
    const biz = await createTestBusiness();
    const member = await createTestMember(biz.businessId, "developer");
    await expect(updateDataProtectionSettings(memberContext(biz), { businessId: biz.businessId, requireTwoFactor: true })).rejects.toThrow(
      "Turn on two-factor sign-in for your own account first",
    );
    await enrolTwoFactor(biz.userId);
    await updateDataProtectionSettings(memberContext(biz), { businessId: biz.businessId, requireTwoFactor: true });

    const before = await callerFor(member.userId);
    await expect(before.keys.list()).rejects.toMatchObject({ code: "FORBIDDEN", message: ENROL_TWO_FACTOR_MESSAGE });
    expect(await before.security.status()).toEqual({ twoFactorEnabled: false, twoFactorRequired: true });
    const { secret } = await enrolTwoFactor(member.userId);
    await expect((await callerFor(member.userId)).keys.list()).resolves.toBeDefined();

    // Required, so it cannot be turned off.
    await expect(disableTwoFactor(userCtx(member.userId), { password: PASSWORD, code: await codeFor(member.userId, secret) })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("admins cannot turn it off; others can, with their password and a code", async () => {
    const admin = await adminContext();
    const adminId = admin.actor.type === "user" ? admin.actor.userId : "";
    const adminKeys = await enrolTwoFactor(adminId);
    await expect(disableTwoFactor(admin, { password: "admin password 123", code: await codeFor(adminId, adminKeys.secret) })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const biz = await createTestBusiness();
    const { secret } = await enrolTwoFactor(biz.userId);
    await expect(disableTwoFactor(userCtx(biz.userId), { password: "wrong password 1", code: await codeFor(biz.userId, secret) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await disableTwoFactor(userCtx(biz.userId), { password: PASSWORD, code: await codeFor(biz.userId, secret) });
    expect(await signIn({ email: biz.email, password: PASSWORD, clientAddress: address() })).toMatchObject({ ok: true });
    const audit = await db().auditLogEntry.findMany({ where: { targetId: biz.userId, action: { startsWith: "user.two_factor" } }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["user.two_factor_enabled", "user.two_factor_disabled"]);
  });
});

describe("sessions", () => {
  it("are listed, and end one by one or everywhere: an ended session signs its browser out", async () => {
    const biz = await createTestBusiness();
    const [a, b, c] = [await createSession({ id: biz.userId, isPlatformAdmin: false }, { clientAddress: "203.0.113.1", userAgent: "Browser A" }), await createSession({ id: biz.userId, isPlatformAdmin: false }, {}), await createSession({ id: biz.userId, isPlatformAdmin: false }, {})];
    const listed = await (await callerFor(biz.userId, a)).security.sessions();
    expect(listed.map((s) => [s.id, s.current])).toEqual(expect.arrayContaining([[a, true], [b, false], [c, false]]));

    await (await callerFor(biz.userId, a)).security.endSessions({ sessionId: b });
    expect(await loadPortalUser(biz.userId, { userId: biz.userId, sessionId: b })).toBeNull();
    expect(await loadPortalUser(biz.userId, { userId: biz.userId, sessionId: a })).not.toBeNull();

    await endUserSessions(userCtx(biz.userId), {});
    for (const id of [a, c]) expect(await loadPortalUser(biz.userId, { userId: biz.userId, sessionId: id })).toBeNull();
    // A cookie without a session (issued before sessions were tracked) is signed out too.
    expect(await loadPortalUser(biz.userId, { userId: biz.userId })).toBeNull();
  });

  it("a password change ends every other session, keeps this one, and the new password works", async () => {
    const biz = await createTestBusiness();
    const [mine, other] = [await createSession({ id: biz.userId, isPlatformAdmin: false }, {}), await createSession({ id: biz.userId, isPlatformAdmin: false }, {})];
    await expect(changePassword(userCtx(biz.userId), mine, { currentPassword: "wrong password 1", newPassword: "a new long password" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await changePassword(userCtx(biz.userId), mine, { currentPassword: PASSWORD, newPassword: "a new long password" })).toEqual({ sessionsEnded: 1 });
    expect(await loadPortalUser(biz.userId, { userId: biz.userId, sessionId: other })).toBeNull();
    expect(await loadPortalUser(biz.userId, { userId: biz.userId, sessionId: mine })).not.toBeNull();
    expect(await signIn({ email: biz.email, password: "a new long password", clientAddress: address() })).toMatchObject({ ok: true });
  });

  it("a member removed from a business is signed out", async () => {
    const biz = await createTestBusiness();
    const member = await createTestMember(biz.businessId, "viewer");
    const session = await createSession({ id: member.userId, isPlatformAdmin: false }, {});
    await removeMember(memberContext(biz), { businessId: biz.businessId, userId: member.userId });
    expect(await loadPortalUser(member.userId, { userId: member.userId, sessionId: session })).toBeNull();
  });
});
