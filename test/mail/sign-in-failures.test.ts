/**
 * The owner of an account whose sign-ins keep failing is told, by email, once per episode and in
 * their language; a password reset from that email ends the delay at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { db } from "@/server/db/client";
import { signIn } from "@/server/accounts/sign-in";
import { requestPasswordReset } from "@/server/accounts/request-password-reset";
import { resetPassword } from "@/server/accounts/reset-password";
import { createTestBusiness } from "../support/factories";
import { uniqueAddress } from "../support/addresses";
import { linkIn, settledMailTo, waitForMail } from "../support/mail";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";

let worker: WorkerProcess;
beforeAll(async () => {
  worker = await startWorkerProcess();
});
afterAll(() => worker?.stop());

const guess = (email: string) => signIn({ email, password: "a wrong guess", clientAddress: uniqueAddress() });

describe("failed sign-ins on an account", () => {
  it("email its owner once per episode, in Somali for a Somali user, and a reset ends the delay", async () => {
    const biz = await createTestBusiness();
    await db().user.update({ where: { id: biz.userId }, data: { locale: "so" } });
    for (let i = 0; i < 10; i++) await guess(biz.email);
    // Refused while delayed: neither counted again nor emailed again.
    for (let i = 0; i < 3; i++) expect(await guess(biz.email)).toMatchObject({ reason: "delayed" });
    const [alert] = await waitForMail(biz.email, /galitaan oo fashilmay/);
    expect(alert!.language).toBe("so");
    expect(alert!.text).toContain("Erayga sirta ahi isma beddelin.");
    expect(linkIn(alert!, "/forgot-password")).toBeTruthy();
    expect(await settledMailTo(biz.email)).toHaveLength(1);

    // The owner chooses a new password: the delay is over at once.
    await requestPasswordReset(systemContext("test"), { email: biz.email }, uniqueAddress());
    const [reset] = await waitForMail(biz.email, /erayga sirta/);
    const token = linkIn(reset!, "/reset-password/").split("/reset-password/")[1]!;
    await resetPassword(systemContext("test"), { token, password: "the owner's new password" });
    expect((await signIn({ email: biz.email, password: "the owner's new password", clientAddress: uniqueAddress() })).ok).toBe(true);

    // A new episode, a new email.
    for (let i = 0; i < 10; i++) await guess(biz.email);
    expect(await waitForMail(biz.email, /galitaan oo fashilmay/, 2)).toHaveLength(2);
  });

  it("speaks English to an English user", async () => {
    const biz = await createTestBusiness();
    for (let i = 0; i < 10; i++) await guess(biz.email);
    const [alert] = await waitForMail(biz.email, /^Failed sign-in attempts on your Hubi account$/);
    expect(alert!.text).toContain("Your password has not changed.");
  });
});
