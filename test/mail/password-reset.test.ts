/**
 * Password reset by email, end to end through the services, the worker and the run's real SMTP
 * server: the same answer for every address, throttled; one email in the account's language with
 * a link that works once and for 30 minutes (only a keyed hash of its token stored); the new
 * password works, the old one does not, and every session of the user has ended; audited.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { db, pool } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { createSession } from "@/server/accounts/sessions";
import { requestPasswordReset } from "@/server/accounts/request-password-reset";
import { checkPasswordResetLink, resetPassword } from "@/server/accounts/reset-password";
import { signIn } from "@/server/accounts/sign-in";
import { createTestBusiness } from "../support/factories";
import { linkIn, settledMailTo, waitForMail } from "../support/mail";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";

const ctx = () => systemContext("test-password-reset");
const address = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const NEW_PASSWORD = "a brand new password 42";

let worker: WorkerProcess;
beforeAll(async () => {
  worker = await startWorkerProcess();
});
afterAll(() => worker?.stop());

/** Asks for a link for `email` and returns the token of the emailed link (the newest one). */
async function emailedToken(email: string, count = 1): Promise<string> {
  await requestPasswordReset(ctx(), { email }, address());
  const mails = await waitForMail(email, /password/i, count);
  return linkIn(mails.at(-1)!, "/reset-password/").split("/reset-password/")[1]!;
}

describe("asking for a reset link", () => {
  it("emails the account a link to its own portal, in English, and keeps only a keyed hash of the token", async () => {
    const biz = await createTestBusiness();
    expect(await requestPasswordReset(ctx(), { email: biz.email.toUpperCase() }, address())).toEqual({ requested: true });
    const [mail] = await waitForMail(biz.email, /Reset your Hubi password/);
    expect(mail!.language).toBe("en");
    expect(mail!.from).toContain("no-reply@hubi.so");
    expect(mail!.text).toContain("The link works once, for 30 minutes.");
    const link = linkIn(mail!, "/reset-password/");
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]{43}$/);
    expect(mail!.html).toContain(`href="${link}"`);

    const token = link.split("/reset-password/")[1]!;
    const { rows } = await pool().query("SELECT r.token_hash, r.expires_at - r.created_at AS lifetime FROM password_reset r JOIN app_user u ON u.id = r.user_id WHERE u.email = $1", [biz.email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].lifetime).toMatchObject({ minutes: 30 });
    // Once sent, the queue no longer holds the token either. The worker records the send after the
    // mail server has accepted the message, which this test may see first.
    await settledMailTo(biz.email);
    const { rows: queued } = await pool().query("SELECT sealed, status FROM email_message WHERE to_address = $1", [biz.email]);
    expect(queued).toEqual([{ sealed: null, status: "sent" }]);
  });

  it("answers the same for an address without an account, and sends nothing", async () => {
    const nobody = `nobody-${randomUUID()}@example.test`;
    expect(await requestPasswordReset(ctx(), { email: nobody }, address())).toEqual({ requested: true });
    expect(await settledMailTo(nobody)).toEqual([]);
    const { rows } = await pool().query("SELECT 1 FROM email_message WHERE to_address = $1", [nobody]);
    expect(rows).toEqual([]);
  });

  it("speaks Somali to a user whose language is Somali", async () => {
    const biz = await createTestBusiness();
    await db().user.update({ where: { id: biz.userId }, data: { locale: "so" } });
    await requestPasswordReset(ctx(), { email: biz.email }, address());
    const [mail] = await waitForMail(biz.email, /erayga sirta/);
    expect(mail!.subject).toBe("Beddel erayga sirta ah ee Hubi");
    expect(mail!.language).toBe("so");
    expect(mail!.text).toContain("Linkigu hal mar buu shaqeeyaa, muddo 30 daqiiqo ah.");
    expect(mail!.html).toContain('<html lang="so">');
  });

  it("is throttled per address asked for, whether or not it has an account, and per client", async () => {
    const biz = await createTestBusiness();
    const nobody = `nobody-${randomUUID()}@example.test`;
    for (const email of [biz.email, nobody]) {
      for (let i = 0; i < 3; i++) await requestPasswordReset(ctx(), { email }, address());
      const fourth = requestPasswordReset(ctx(), { email }, address());
      await expect(fourth).rejects.toBeInstanceOf(AppError);
      await expect(fourth).rejects.toMatchObject({ code: "RATE_LIMITED", message: "Too many password reset requests. Try again later." });
    }
    const client = address();
    for (let i = 0; i < 20; i++) await requestPasswordReset(ctx(), { email: `n-${randomUUID()}@example.test` }, client);
    await expect(requestPasswordReset(ctx(), { email: `n-${randomUUID()}@example.test` }, client)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Three emails for the three accepted requests of the real account, no more.
    expect((await waitForMail(biz.email, /password/i, 3)).length).toBe(3);
    expect((await settledMailTo(biz.email)).length).toBe(3);
  });
});

describe("setting the new password", () => {
  it("works once: the new password signs in, the old one does not, every session ends, and it is audited", async () => {
    const biz = await createTestBusiness();
    const sessions = [await createSession({ id: biz.userId, isPlatformAdmin: false }, {}), await createSession({ id: biz.userId, isPlatformAdmin: false }, {})];
    const token = await emailedToken(biz.email);
    expect(await checkPasswordResetLink(token)).toEqual({ usable: true });

    expect(await resetPassword(ctx(), { token, password: NEW_PASSWORD })).toEqual({ sessionsEnded: 2 });
    expect((await signIn({ email: biz.email, password: NEW_PASSWORD })).ok).toBe(true);
    expect(await signIn({ email: biz.email, password: biz.password })).toEqual({ ok: false, reason: "invalid" });
    const live = await db().userSession.findMany({ where: { id: { in: sessions }, revokedAt: null } });
    expect(live).toEqual([]);

    // The old link no longer works.
    expect(await checkPasswordResetLink(token)).toEqual({ usable: false });
    await expect(resetPassword(ctx(), { token, password: "yet another password 7" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This link has expired or was already used. Ask for a new one.",
    });
    const audit = await db().auditLogEntry.findMany({ where: { targetId: biz.userId, action: { startsWith: "user.password_reset" } }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.actorType, a.actorId])).toEqual([
      ["user.password_reset_requested", "system", "test-password-reset"],
      ["user.password_reset", "user", biz.userId],
    ]);
    expect(audit[1]!.metadata).toEqual({ sessionsEnded: 2 });
  });

  it("using one link ends the other open links of the user", async () => {
    const biz = await createTestBusiness();
    const first = await emailedToken(biz.email, 1);
    const second = await emailedToken(biz.email, 2);
    await resetPassword(ctx(), { token: second, password: NEW_PASSWORD });
    expect(await checkPasswordResetLink(first)).toEqual({ usable: false });
  });

  it("two submissions of one link at the same moment: one sets the password, the other is refused", async () => {
    const biz = await createTestBusiness();
    const token = await emailedToken(biz.email);
    const results = await Promise.allSettled([
      resetPassword(ctx(), { token, password: "first racing password" }),
      resetPassword(ctx(), { token, password: "second racing password" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const { rows } = await pool().query("SELECT count(*)::int AS n FROM audit_log_entry WHERE target_id = $1 AND action = 'user.password_reset'", [biz.userId]);
    expect(rows[0].n).toBe(1);
  });

  it("works for 30 minutes, not 31 (time shifted in the database)", async () => {
    const biz = await createTestBusiness();
    const shiftBy = (minutes: number) =>
      pool().query(
        "UPDATE password_reset SET created_at = created_at - make_interval(mins => $2), expires_at = expires_at - make_interval(mins => $2) WHERE user_id = $1",
        [biz.userId, minutes],
      );
    const token = await emailedToken(biz.email);
    await shiftBy(29);
    expect(await checkPasswordResetLink(token)).toEqual({ usable: true });
    await shiftBy(2);
    expect(await checkPasswordResetLink(token)).toEqual({ usable: false });
    await expect(resetPassword(ctx(), { token, password: NEW_PASSWORD })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await signIn({ email: biz.email, password: biz.password })).ok).toBe(true);
  });
});
