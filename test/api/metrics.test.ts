/**
 * /metrics on the shared app, scraped as Prometheus would after some traffic: the figures an
 * operator watches are there, only for the bearer of METRICS_TOKEN, and no label carries personal
 * data or a value without bound. (Without METRICS_TOKEN it is a 404: test/api/health.test.ts.)
 */
import { beforeAll, describe, expect, it, inject } from "vitest";
import { api } from "../support/api";
import { createTestBusiness, type TestBusiness } from "../support/factories";
import { TEST_METRICS_TOKEN } from "../support/env";
import { SANDBOX_LEVERS } from "@/contracts/sandbox";
import { sampleSum, samples } from "../support/prometheus";

const BUSINESS_NAME = "Metrics Probe Bank Xq7";
const NATIONAL_ID = "12345678901";

const scrape = (authorization?: string) =>
  fetch(`${inject("baseUrl")}/metrics`, { headers: authorization ? { authorization } : {} });

const value = sampleSum;

let biz: TestBusiness;
let text: string;
beforeAll(async () => {
  biz = await createTestBusiness({ name: BUSINESS_NAME, live: true, credits: 5, rateLimitPerMinute: 3 });
  // A verify in each mode (the live one is charged), a refused one, raw paths full of data.
  expect((await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: NATIONAL_ID } })).status).toBe(200);
  expect((await api("POST", "/verify/citizen", { key: biz.liveKey, body: { nationalId: NATIONAL_ID } })).status).toBe(200);
  // A verification answered 202 pending: counted once it completes, with its final result.
  const pending = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: SANDBOX_LEVERS.pending }, headers: { prefer: "respond-async" } });
  expect(pending.status).toBe(202);
  expect((await api("GET", `/verifications/${NATIONAL_ID}`, { key: biz.testKey })).status).toBe(404);
  expect((await api("GET", `/does-not-exist/${NATIONAL_ID}`, { key: biz.testKey })).status).toBe(404);
  const refused = await Promise.all([1, 2, 3, 4].map(() => api("GET", "/verifications", { key: biz.testKey })));
  expect(refused.map((r) => r.status)).toContain(429);
  const res = await scrape(`Bearer ${TEST_METRICS_TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  text = await res.text();
});

describe("GET /metrics", () => {
  it("answers only the bearer of METRICS_TOKEN", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TEST_METRICS_TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${TEST_METRICS_TOKEN}`)).status).toBe(401);
    expect((await scrape()).headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("shows requests, verifications, credits, refusals, queues, the pool, the event loop and the process", () => {
    const all = samples(text);
    for (const name of [
      "hubi_http_request_duration_seconds",
      "hubi_verifications_total",
      "hubi_credits_charged_total",
      "hubi_rate_limit_rejections_total",
      "hubi_job_duration_seconds",
      "hubi_queue_depth",
      "hubi_queue_oldest_age_seconds",
      "hubi_db_pool_connections",
      "nodejs_eventloop_lag_seconds",
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    const route = "/api/v1/verify/citizen";
    expect(value(all, "hubi_http_request_duration_seconds_count", { route, method: "POST", status: "200" })).toBeGreaterThanOrEqual(2);
    expect(value(all, "hubi_http_request_duration_seconds_count", { route: "/api/v1/verifications/{id}", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(value(all, "hubi_http_request_duration_seconds_count", { route: "/api/v1/{unknown}", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(value(all, "hubi_verifications_total", { mode: "test", channel: "api" })).toBeGreaterThanOrEqual(1);
    expect(value(all, "hubi_verifications_total", { mode: "live", channel: "api" })).toBeGreaterThanOrEqual(1);
    expect(value(all, "hubi_verifications_total", { result: "pending" })).toBe(0);
    expect(value(all, "hubi_credits_charged_total", { channel: "api" })).toBeGreaterThanOrEqual(1);
    expect(value(all, "hubi_rate_limit_rejections_total", { group: "read", mode: "test" })).toBeGreaterThanOrEqual(1);
    for (const queue of ["webhook_deliveries", "batch_chunks", "pending_lookups", "emails"]) {
      expect(all.some((s) => s.name === "hubi_queue_depth" && s.labels.queue === queue)).toBe(true);
      expect(all.some((s) => s.name === "hubi_queue_oldest_age_seconds" && s.labels.queue === queue)).toBe(true);
    }
    expect(all.find((s) => s.name === "hubi_db_pool_connections" && s.labels.state === "total")?.value).toBeGreaterThan(0);
  });

  it("labels with closed sets only: route patterns, never a national ID, a key, a business or a raw path", () => {
    const all = samples(text);
    const values = all.flatMap((s) => Object.entries(s.labels));
    expect(values.length).toBeGreaterThan(0);
    for (const [label, v] of values) {
      expect(v, label).not.toMatch(/[0-9]{11}/);
      expect(v, label).not.toMatch(/hubi_(test|live)_/);
      expect(v, label).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
      expect(v, label).not.toContain(BUSINESS_NAME);
      expect(v, label).not.toContain("does-not-exist");
      expect(v.length, label).toBeLessThanOrEqual(64);
    }
    // A route is a pattern: fixed segments and {placeholders}, or a portal procedure's name.
    for (const route of new Set(values.filter(([label]) => label === "route").map(([, v]) => v))) {
      expect(route).toMatch(/^(\/api\/v1(\/([a-z-]+|\{[a-z]+\}))*|trpc\/[A-Za-z.]+)$/);
    }
    expect(text).not.toContain(biz.businessId);
  });
});
