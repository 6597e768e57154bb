/**
 * Sign-in and invited sign-up reveal nothing about which emails have accounts: an unknown email
 * costs the same password work as a known one, and an invalid invitation is refused before the
 * email is looked at.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { AppError } from "@/server/errors";
import { pool } from "@/server/db/client";
import { purgeIdleRateLimitWindows } from "@/server/ratelimit/postgres";
import { signIn } from "@/server/accounts/sign-in";
import { changePassword } from "@/server/accounts/change-password";
import { memberContext } from "../support/contexts";
import { signUpWithInvitation } from "@/server/team/sign-up-with-invitation";
import { createTestBusiness } from "../support/factories";
import { addressesInOne64, uniqueAddress } from "../support/addresses";
import { signInAccountHash } from "@/server/crypto/secrets";

/**
 * CPU time (all of this process's threads, argon2's included) rather than wall time: it counts the
 * password work itself, so a machine busy with other processes cannot make the paths look alike
 * or different. Work of its own process can only add to a reading (a garbage collection, another
 * file's leftovers in a shared test process), so the least of several readings is the path's cost.
 */
async function cpuMs(attempt: () => Promise<unknown>): Promise<number> {
  const started = process.cpuUsage();
  await attempt();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

describe("sign-in timing", () => {
  it("does as much password work for an unknown email as for a known one with a wrong password", async () => {
    const biz = await createTestBusiness();
    const known: number[] = [];
    const unknown: number[] = [];
    // Taken in turns, so that neither path gets all the quiet moments.
    for (let i = 0; i < 5; i++) {
      known.push(await cpuMs(() => signIn({ email: biz.email, password: "wrong password 123" })));
      unknown.push(await cpuMs(() => signIn({ email: `nobody-${randomUUID()}@example.test`, password: "wrong password 123" })));
    }
    // Without the dummy check the unknown path is one indexed query: ~1 ms of CPU against tens of ms of argon2.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
    expect(await signIn({ email: `nobody-${randomUUID()}@example.test`, password: "x" })).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("invited sign-up", () => {
  it("refuses an invalid invitation before it looks at the email", async () => {
    const biz = await createTestBusiness();
    const attempt = signUpWithInvitation(systemContext("test"), {
      token: "not-a-real-invitation-token-0123456789",
      name: "Someone",
      email: biz.email, // has an account: must not be what the answer says
      password: "correct horse battery staple",
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: "NOT_FOUND", message: "This invitation link is not valid" });
  });
});

describe("sign-in throttling", () => {
  const wrong = (email: string, clientAddress = uniqueAddress()) => signIn({ email, password: "guess", clientAddress });
  /** Lets the account's current delay run out (time shifted in the database, not waited for). */
  const endDelay = (email: string) => pool().query("UPDATE sign_in_failure SET not_before = now() - interval '1 second' WHERE account_hash = $1", [signInAccountHash(email)]);

  it("counts failures only: the owner signs in however often they succeed", async () => {
    const biz = await createTestBusiness();
    const from = uniqueAddress();
    for (let i = 0; i < 12; i++) expect((await signIn({ email: biz.email, password: biz.password, clientAddress: from })).ok).toBe(true);
  });

  it("locks an account out from the address that guessed; elsewhere the owner only waits", async () => {
    const biz = await createTestBusiness();
    const attacker = uniqueAddress();
    for (let i = 0; i < 10; i++) expect(await wrong(biz.email, attacker)).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn({ email: biz.email, password: biz.password, clientAddress: attacker })).toEqual({ ok: false, reason: "throttled" });
    await endDelay(biz.email);
    expect((await signIn({ email: biz.email, password: biz.password, clientAddress: uniqueAddress() })).ok).toBe(true);
  });

  it("delays an account's attempts from every address once failures from many pass the threshold, longer each time", async () => {
    const biz = await createTestBusiness();
    for (let i = 0; i < 10; i++) expect(await wrong(biz.email)).toEqual({ ok: false, reason: "invalid" });
    // Refused before the password is looked at: even the right one, from an address never seen.
    const first = await signIn({ email: biz.email, password: biz.password, clientAddress: uniqueAddress() });
    expect(first).toMatchObject({ ok: false, reason: "delayed" });
    expect((first as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect((first as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(30);

    await endDelay(biz.email);
    expect(await wrong(biz.email)).toEqual({ ok: false, reason: "invalid" });
    const second = (await wrong(biz.email)) as { reason: string; retryAfterSeconds: number };
    expect(second.reason).toBe("delayed");
    expect(second.retryAfterSeconds).toBeGreaterThan(30);
    expect(second.retryAfterSeconds).toBeLessThanOrEqual(60);

    // The owner, once the delay is over, signs in; that ends the episode: a typo later costs nothing.
    await endDelay(biz.email);
    expect((await signIn({ email: biz.email, password: biz.password, clientAddress: uniqueAddress() })).ok).toBe(true);
    expect(await wrong(biz.email)).toEqual({ ok: false, reason: "invalid" });
    expect((await signIn({ email: biz.email, password: biz.password, clientAddress: uniqueAddress() })).ok).toBe(true);
  });

  it("checks one attempt on an account at a time: guesses sent at once cannot all pass the throttles", async () => {
    const biz = await createTestBusiness();
    const attacker = uniqueAddress();
    // Thirty guesses at once from one address, and thirty from as many addresses.
    const outcomes = await Promise.all([...Array.from({ length: 30 }, () => wrong(biz.email, attacker)), ...Array.from({ length: 30 }, () => wrong(biz.email))]);
    const checked = outcomes.filter((o) => o.ok === false && o.reason === "invalid").length;
    // Each password checked was counted before the next: at most the account's threshold got through.
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(10);
    expect(outcomes.every((o) => !o.ok && ["invalid", "delayed", "throttled"].includes(o.reason))).toBe(true);
    // The account is not held once they are over.
    await endDelay(biz.email);
    expect((await signIn({ email: biz.email, password: biz.password, clientAddress: uniqueAddress() })).ok).toBe(true);
  });

  it("throttles a password checked elsewhere as a sign-in: a stolen session cannot guess it faster", async () => {
    const biz = await createTestBusiness();
    const change = (currentPassword: string) => changePassword(memberContext(biz), undefined, { currentPassword, newPassword: "a new password 456" });
    for (let i = 0; i < 10; i++) await expect(change("guess")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // The account's delay now holds every check of its password, the right one included, and sign-in too.
    await expect(change(biz.password)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await signIn({ email: biz.email, password: biz.password, clientAddress: uniqueAddress() })).toMatchObject({ ok: false, reason: "delayed" });
    await endDelay(biz.email);
    await expect(change(biz.password)).resolves.toMatchObject({ sessionsEnded: 0 });
  });

  it("delays an email without an account exactly as one with an account", async () => {
    const nobody = `nobody-${randomUUID()}@example.test`;
    for (let i = 0; i < 10; i++) expect(await wrong(nobody)).toEqual({ ok: false, reason: "invalid" });
    expect(await wrong(nobody)).toMatchObject({ ok: false, reason: "delayed" });
  });

  it("counts an IPv6 client by its /64: another address in it is still the same client", async () => {
    const biz = await createTestBusiness();
    const [next, ...guessers] = addressesInOne64(11);
    for (const from of guessers) expect(await wrong(biz.email, from)).toEqual({ ok: false, reason: "invalid" });
    // The /64 that guessed is refused outright; any other address is only delayed.
    expect(await signIn({ email: biz.email, password: biz.password, clientAddress: next })).toEqual({ ok: false, reason: "throttled" });
    expect(await signIn({ email: biz.email, password: biz.password, clientAddress: uniqueAddress() })).toMatchObject({ ok: false, reason: "delayed" });
  });

  it("purges rate-limit windows nobody has hit for a day", async () => {
    const stale = `test:stale:${randomUUID()}`;
    const fresh = `test:fresh:${randomUUID()}`;
    const now = Math.floor(Date.now() / 1000);
    await pool().query("INSERT INTO rate_limit_window (bucket, seconds, counts) VALUES ($1, $2, '{1}'), ($3, $4, '{1}')", [stale, [now - 2 * 86400], fresh, [now]]);
    await purgeIdleRateLimitWindows();
    const { rows } = await pool().query("SELECT bucket FROM rate_limit_window WHERE bucket = ANY($1)", [[stale, fresh]]);
    expect(rows).toEqual([{ bucket: fresh }]);
  });
});
