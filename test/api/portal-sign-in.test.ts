/**
 * The portal's sign-in route (next-auth's credentials callback) under the per-account delay: the
 * answer says how long to wait, so the sign-in page can tell the owner, and an IPv6 client is
 * counted by its /64 from the address the trusted proxy reports.
 */
import { describe, expect, it } from "vitest";
import { signIn } from "@/server/accounts/sign-in";
import { createTestBusiness } from "../support/factories";
import { addressesInOne64, uniqueAddress } from "../support/addresses";
import { signInAttemptOverHttp } from "../support/portal-session";

describe("signing in to the portal over HTTP", () => {
  it("answers a delayed account with the seconds to wait, even for the right password", async () => {
    const biz = await createTestBusiness();
    for (let i = 0; i < 10; i++) await signIn({ email: biz.email, password: "a wrong guess", clientAddress: uniqueAddress() });
    const attempt = await signInAttemptOverHttp(biz, uniqueAddress());
    expect(attempt.cookies).toBeNull();
    expect(attempt.error).toMatch(/^AccountDelayed:\d+$/);
    const seconds = Number(attempt.error!.split(":")[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  it("refuses the rest of an IPv6 /64 that guessed an account's password", async () => {
    const biz = await createTestBusiness();
    const [next, ...guessers] = addressesInOne64(11);
    for (const from of guessers) expect((await signInAttemptOverHttp({ email: biz.email, password: "a wrong guess" }, from)).error).toBe("CredentialsSignin");
    expect((await signInAttemptOverHttp(biz, next!)).error).toBe("TooManyAttempts");
  });
});
