/**
 * Rate limits (product rules §8, §9): exactly the limit is admitted under concurrency — per business,
 * mode and endpoint group, across server processes, and with the Redis backend — and rejected
 * requests cost nothing.
 */
import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { hashApiKey } from "@/server/crypto/api-keys";
import { redisRateLimiter } from "@/server/ratelimit/redis";
import { postgresRateLimiter } from "@/server/ratelimit/postgres";
import type { RateLimiter } from "@/server/ratelimit/types";
import { api, type ApiResponse } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { appEnv } from "../support/env";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { balanceOf, ledgerSum, sleep, verificationCount } from "../support/queries";

const REDIS_URL = "redis://127.0.0.1:6379";

const verify = (key: string, baseUrl?: string) => api("POST", "/verify/citizen", { key, body: { nationalId: uniqueNationalId() }, baseUrl });

function tally(responses: ApiResponse[]) {
  const byStatus: Record<number, number> = {};
  for (const r of responses) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return byStatus;
}

function expectRateLimited(res: ApiResponse) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ status: "failed", code: "RATE_LIMITED" });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers.get("ratelimit-remaining")).toBe("0");
  expect(res.headers.get("ratelimit-limit")).toBeTruthy();
}

describe("PostgreSQL rate limiter through the API", () => {
  it("counts a request in a transaction that commits without waiting for the WAL's flush, and only then", async () => {
    const biz = await createTestBusiness();
    const commitModeAfter = async (count: boolean) => {
      const client = await pool().connect();
      try {
        await client.query("BEGIN");
        // The run's database commits asynchronously throughout; a deployment's does not.
        await client.query("SET LOCAL synchronous_commit = on");
        await client.query("SELECT * FROM api_authenticate($1, 'read', $2, NULL)", [hashApiKey(biz.testKey), count]);
        return (await client.query<{ mode: string }>("SELECT current_setting('synchronous_commit') AS mode")).rows[0]!.mode;
      } finally {
        await client.query("ROLLBACK");
        client.release();
      }
    };
    expect(await commitModeAfter(true)).toBe("off");
    expect(await commitModeAfter(false)).toBe("on");
  });

  it("admits exactly 60 of 100 parallel verifies; list and the other mode have their own budgets", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const responses = await Promise.all(Array.from({ length: 100 }, () => verify(biz.testKey)));
    expect(tally(responses)).toEqual({ 200: 60, 429: 40 });
    for (const r of responses.filter((x) => x.status === 429)) expectRateLimited(r);
    expect(await verificationCount(biz.businessId, "test")).toBe(60);

    // verify is spent, but list/retrieve count separately …
    const list = await api("GET", "/verifications?limit=1", { key: biz.testKey });
    expect(list.status).toBe(200);
    expect(list.headers.get("ratelimit-remaining")).toBe("59");
    expect(list.body.pagination.total).toBe(60);
    // … and so does the live mode of the same business.
    const live = await verify(biz.liveKey!);
    expect(live.status).toBe(200);
    expect(live.headers.get("ratelimit-remaining")).toBe("59");
    // The test-mode verify budget stays spent.
    expectRateLimited(await verify(biz.testKey));
  });

  it("list and retrieve share one budget, separate from verify", async () => {
    const biz = await createTestBusiness();
    const made = await verify(biz.testKey);
    const reads = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        i % 2 ? api("GET", "/verifications", { key: biz.testKey }) : api("GET", `/verifications/${made.body.data.id}`, { key: biz.testKey }),
      ),
    );
    expect(tally(reads)).toEqual({ 200: 60, 429: 10 });
    expect((await verify(biz.testKey)).status).toBe(200);
  });

  it("applies a raised limit", async () => {
    const biz = await createTestBusiness({ rateLimitPerMinute: 75 });
    const responses = await Promise.all(Array.from({ length: 90 }, () => verify(biz.testKey)));
    expect(tally(responses)).toEqual({ 200: 75, 429: 15 });
    expect(responses.find((r) => r.status === 200)!.headers.get("ratelimit-limit")).toBe("75");
  });

  it("rejected live requests cost no credit and create no verification", async () => {
    const biz = await createTestBusiness({ live: true, credits: 100 });
    // After its first verify the app remembers the key, and counts the others in their admission.
    expect((await verify(biz.liveKey!)).status).toBe(200);
    const responses = await Promise.all(Array.from({ length: 69 }, () => verify(biz.liveKey!)));
    expect(tally(responses)).toEqual({ 200: 59, 429: 10 });
    expect(await balanceOf(biz.businessId)).toBe(40);
    expect(await ledgerSum(biz.businessId)).toBe(40);
    expect(await verificationCount(biz.businessId, "live")).toBe(60);
  });

  it("a rate-limited request is not recorded for idempotency", async () => {
    const biz = await createTestBusiness({ rateLimitPerMinute: 1 });
    const body = { nationalId: uniqueNationalId() };
    expect((await verify(biz.testKey)).status).toBe(200);
    const limited = await api("POST", "/verify/citizen", { key: biz.testKey, body, headers: { "idempotency-key": "rate-limited-key-1" } });
    expectRateLimited(limited);
    const { rows } = await pool().query("SELECT 1 FROM idempotency_record WHERE business_id = $1", [biz.businessId]);
    expect(rows).toHaveLength(0);
    // The limit is checked before the body: an invalid one is still a 429.
    expectRateLimited(await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: "12" } }));
  });
});

describe("two server processes sharing the database", () => {
  let second: RunningApp;
  beforeAll(async () => {
    second = await startApp({ name: "ratelimit-second", env: appEnv(process.env.DATABASE_URL!) });
  });
  afterAll(async () => {
    await second?.stop();
  });

  it("admit exactly 60 of 100 parallel requests split across both", async () => {
    const biz = await createTestBusiness();
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => verify(biz.testKey, i % 2 ? second.url : undefined)));
    expect(tally(responses)).toEqual({ 200: 60, 429: 40 });
    // both processes did admit some (the split is real)
    expect(tally(responses.filter((_, i) => i % 2 === 1))[200]).toBeGreaterThan(0);
    expect(tally(responses.filter((_, i) => i % 2 === 0))[200]).toBeGreaterThan(0);
    expect(await verificationCount(biz.businessId)).toBe(60);
  });
});

/** Fails (never skips) with a clear message when Redis is not there. */
async function assertRedisReachable(): Promise<void> {
  const { hostname, port } = new URL(REDIS_URL);
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("timed out after 2 s"));
    }, 2000);
    socket.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (d) => {
      clearTimeout(timer);
      socket.end();
      resolve(d.toString());
    });
  }).catch((e: Error) => {
    throw new Error(`Redis is required for this test but ${REDIS_URL} is unreachable: ${e.message}`);
  });
  if (!reply.startsWith("+PONG")) throw new Error(`Redis at ${REDIS_URL} answered PING with ${JSON.stringify(reply.trim())}`);
}

// The same rules from both backends: PostgreSQL (function rate_limit_hit) and Redis.
describe.each([
  ["PostgreSQL", async (): Promise<[RateLimiter, () => Promise<void>]> => [postgresRateLimiter, async () => {}]],
  [
    "Redis",
    async (): Promise<[RateLimiter, () => Promise<void>]> => {
      await assertRedisReachable();
      const limiter = redisRateLimiter(REDIS_URL);
      return [limiter, () => limiter.close()];
    },
  ],
] as const)("%s rate limiter", (_, open) => {
  // A burst can take seconds on a loaded machine: exactness is checked in a minute's window that no
  // burst spans, the rolling in a 2-second one by what must hold however late each hit lands.
  it("allows exactly 60 of 100 parallel hits on a fresh bucket", async () => {
    const [limiter, close] = await open();
    try {
      const bucket = `test:${randomUUID()}`;
      const hits = await Promise.all(Array.from({ length: 100 }, () => limiter.hit(bucket, 60, 60)));
      expect(hits.filter((h) => h.allowed)).toHaveLength(60);
      expect(hits.filter((h) => !h.allowed)).toHaveLength(40);
      expect(hits.filter((h) => h.allowed).map((h) => h.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
      const blocked = await limiter.hit(bucket, 60, 60);
      expect(blocked).toMatchObject({ allowed: false, remaining: 0 });
      expect(blocked.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(blocked.resetSeconds).toBeLessThanOrEqual(60);
    } finally {
      await close();
    }
  });

  it("rolls its window: a refusal's reset time frees a slot, and a whole window later the limit is whole again", async () => {
    const [limiter, close] = await open();
    try {
      const bucket = `test:${randomUUID()}`;
      const hit = () => limiter.hit(bucket, 5, 2);
      let refused: Awaited<ReturnType<typeof hit>> | undefined;
      for (let i = 0; i < 50 && !refused; i++) {
        const h = await hit();
        if (!h.allowed) refused = h;
      }
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      expect(refused!.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(refused!.resetSeconds).toBeLessThanOrEqual(2);
      // Once resetSeconds have passed, the window's oldest second (one hit at least) has left it.
      await sleep(refused!.resetSeconds * 1000 + 150);
      expect(await hit()).toMatchObject({ allowed: true });
      // A whole window after the last hit, every hit has left it.
      await sleep(2_000 + 150);
      const again = [];
      for (let i = 0; i < 5; i++) again.push(await hit());
      expect(again.every((h) => h.allowed)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe("an app with REDIS_URL", () => {
  let app: RunningApp;
  beforeAll(async () => {
    await assertRedisReachable();
    app = await startApp({ name: "ratelimit-redis", env: { ...appEnv(process.env.DATABASE_URL!), REDIS_URL } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("counts in Redis, not PostgreSQL, and still admits exactly 60 of 100", async () => {
    const biz = await createTestBusiness();
    const responses = await Promise.all(Array.from({ length: 100 }, () => verify(biz.testKey, app.url)));
    expect(tally(responses)).toEqual({ 200: 60, 429: 40 });
    for (const r of responses.filter((x) => x.status === 429)) expectRateLimited(r);
    const bucket = `api:${biz.businessId}:test:verify`;
    const { rows } = await pool().query("SELECT 1 FROM rate_limit_window WHERE bucket = $1", [bucket]);
    expect(rows).toHaveLength(0);
    // the PostgreSQL-backed app has its own, untouched budget for the same business
    expect((await verify(biz.testKey)).headers.get("ratelimit-remaining")).toBe("59");
  });

  it("counts a live key it remembers in Redis too, never in PostgreSQL", async () => {
    const biz = await createTestBusiness({ live: true, credits: 100 });
    expect((await verify(biz.liveKey!, app.url)).status).toBe(200);
    const responses = await Promise.all(Array.from({ length: 69 }, () => verify(biz.liveKey!, app.url)));
    expect(tally(responses)).toEqual({ 200: 59, 429: 10 });
    const { rows } = await pool().query("SELECT 1 FROM rate_limit_window WHERE bucket = $1", [`api:${biz.businessId}:live:verify`]);
    expect(rows).toHaveLength(0);
    expect(await balanceOf(biz.businessId)).toBe(40);
  });
});
