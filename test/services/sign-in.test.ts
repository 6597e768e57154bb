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
import { signIn } from "@/server/services/users/sign-in";
import { signUpWithInvitation } from "@/server/services/team/sign-up-with-invitation";
import { createTestBusiness } from "../support/factories";

/**
 * CPU time (all of this process's threads, argon2's included) rather than wall time: it counts the
 * password work itself, so a machine busy with other processes cannot make the paths look alike
 * or different.
 */
async function medianCpuMs(attempt: () => Promise<unknown>, times = 5): Promise<number> {
  const costs: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = process.cpuUsage();
    await attempt();
    const used = process.cpuUsage(started);
    costs.push((used.user + used.system) / 1000);
  }
  return costs.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

describe("sign-in timing", () => {
  it("does as much password work for an unknown email as for a known one with a wrong password", async () => {
    const biz = await createTestBusiness();
    const known = await medianCpuMs(() => signIn({ email: biz.email, password: "wrong password 123" }));
    const unknown = await medianCpuMs(() => signIn({ email: `nobody-${randomUUID()}@example.test`, password: "wrong password 123" }));
    // Without the dummy check the unknown path is one indexed query: ~1 ms of CPU against tens of ms of argon2.
    expect(unknown).toBeGreaterThan(known * 0.5);
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
  const address = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it("counts failures only: the owner signs in however often they succeed", async () => {
    const biz = await createTestBusiness();
    const from = address();
    for (let i = 0; i < 12; i++) expect((await signIn({ email: biz.email, password: biz.password, clientAddress: from })).ok).toBe(true);
  });

  it("locks an account out from the address that guessed, never from the owner's", async () => {
    const biz = await createTestBusiness();
    const attacker = address();
    for (let i = 0; i < 10; i++) expect(await signIn({ email: biz.email, password: "guess", clientAddress: attacker })).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn({ email: biz.email, password: biz.password, clientAddress: attacker })).toEqual({ ok: false, reason: "throttled" });
    expect((await signIn({ email: biz.email, password: biz.password, clientAddress: address() })).ok).toBe(true);
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
