/**
 * The public sign-up answers alike whether or not the address has an account (through the
 * portal's real HTTP route); the email tells the two apart, in the recipient's language: a link
 * that confirms a new account (unusable until then, confirmed only with the password chosen at
 * sign-up), or a note that someone tried to sign up with an address that has an account.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { db } from "@/server/db/client";
import { signIn } from "@/server/accounts/sign-in";
import { signUp } from "@/server/businesses/sign-up";
import { checkEmailConfirmationLink, confirmEmail } from "@/server/accounts/confirm-email";
import { createTestBusiness } from "../support/factories";
import { uniqueAddress } from "../support/addresses";
import { linkIn, settledMailTo, waitForMail, type ReceivedMail } from "../support/mail";
import { portalMutation } from "../support/portal-trpc";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";

let worker: WorkerProcess;
beforeAll(async () => {
  worker = await startWorkerProcess();
});
afterAll(() => worker?.stop());

const PASSWORD = "my sign-up password";
const ctx = () => systemContext("test-sign-up");
const form = (email: string, locale: "en" | "so" = "en") => ({ businessName: "Hodan Microfinance", ownerName: "Hodan Cali", email, password: PASSWORD, locale });
const tokenIn = (mail: ReceivedMail) => linkIn(mail, "/confirm-email/").split("/confirm-email/")[1]!;

describe("public sign-up", () => {
  it("answers alike for a new address and one with an account; each gets its own email, in its language", async () => {
    const existing = await createTestBusiness();
    await db().user.update({ where: { id: existing.userId }, data: { locale: "so" } });
    const fresh = `new-${randomUUID()}@example.test`;
    const answers = [];
    for (const email of [fresh, existing.email]) {
      const res = await portalMutation("account.signUp", form(email), { "x-forwarded-for": uniqueAddress() });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[0]).toEqual({ status: 200, body: { result: { data: { json: { requested: true } } } } });
    expect(answers[1]).toEqual(answers[0]);

    const [confirmation] = await waitForMail(fresh, /^Confirm your email address for Hubi$/);
    expect(confirmation!.text).toContain("Hodan Microfinance");
    expect(linkIn(confirmation!, "/confirm-email/")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/confirm-email\/[\w-]{43}$/);
    const [attempted] = await waitForMail(existing.email, /^Qof ayaa isku dayay/);
    expect(attempted!.language).toBe("so");
    // Nothing changed for the existing account: its own password still signs in.
    expect((await signIn({ email: existing.email, password: existing.password })).ok).toBe(true);
    expect(await settledMailTo(existing.email)).toHaveLength(1);
  });

  it("makes an account usable only once the emailed link is confirmed with the sign-up password", async () => {
    const email = `new-${randomUUID()}@example.test`;
    await signUp(ctx(), form(email, "so"), uniqueAddress());
    const [mail] = await waitForMail(email, /^Xaqiiji cinwaanka iimaylkaaga ee Hubi$/);
    expect(mail!.text).toContain("Linkigu hal mar buu shaqeeyaa, muddo 24 saacadood ah.");
    const token = tokenIn(mail!);

    expect(await signIn({ email, password: PASSWORD, clientAddress: uniqueAddress() })).toEqual({ ok: false, reason: "unconfirmed" });
    expect(await checkEmailConfirmationLink(token)).toEqual({ usable: true, email });
    await expect(confirmEmail(ctx(), { token, password: "someone else's password" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This is not the password chosen when signing up.",
    });
    expect(await confirmEmail(ctx(), { token, password: PASSWORD })).toEqual({ email });
    // A second click on the button answers the same; the account now signs in.
    expect(await confirmEmail(ctx(), { token, password: PASSWORD })).toEqual({ email });
    expect((await signIn({ email, password: PASSWORD, clientAddress: uniqueAddress() })).ok).toBe(true);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await db().auditLogEntry.count({ where: { targetId: user.id, action: "user.email_confirmed" } })).toBe(1);
  });

  it("signing up again before confirming: the newest details and link win; three per address, then refused", async () => {
    const email = `new-${randomUUID()}@example.test`;
    await signUp(ctx(), form(email), uniqueAddress());
    const [first] = await waitForMail(email, /Confirm your email/);
    await signUp(ctx(), { ...form(email), password: "the second password" }, uniqueAddress());
    const second = (await waitForMail(email, /Confirm your email/, 2))[1]!;
    expect(await checkEmailConfirmationLink(tokenIn(first!))).toEqual({ usable: false });
    expect(await confirmEmail(ctx(), { token: tokenIn(second), password: "the second password" })).toEqual({ email });
    expect(await db().user.count({ where: { email } })).toBe(1);

    await signUp(ctx(), form(email), uniqueAddress()); // confirmed now: a "someone tried" email
    await expect(signUp(ctx(), form(email), uniqueAddress())).rejects.toMatchObject({ code: "RATE_LIMITED", message: "Too many sign-ups for this email address. Try again later." });
    expect((await settledMailTo(email)).map((m) => m.subject)).toEqual([
      "Confirm your email address for Hubi",
      "Confirm your email address for Hubi",
      "Someone tried to sign up to Hubi with your address",
    ]);
  });
});
