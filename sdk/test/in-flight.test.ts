/**
 * A verify slower than the library's timeout never leaves a verification behind a thrown error: the
 * library waits on the request still in flight under its Idempotency-Key and returns the original;
 * when its deadline runs out first, the error carries the key, and calling again with that key
 * returns the original result (or makes it, when the cut-off request never reached Hubi). Nothing twice. The sandbox's pending lever answers after 3 s; the
 * calls wait for it (`respondAsync: false`) instead of taking a 202.
 */
import { describe, expect, inject, it, onTestFailed } from "vitest";
import { pool } from "@/server/db/client";
import { PENDING_SECONDS, SANDBOX_LEVERS } from "@/contracts/sandbox";
import { createTestBusiness } from "../../test/support/factories";
import { Hubi, IdempotencyInFlightError, TimeoutError } from "../src/index.js";

describe("a verify slower than the library's timeout", () => {
  // On a loaded machine a replay may outlast a 2 s attempt too; the first call keeps trying for longer.
  // The deadlines end the calls well inside the test's timeout; a failure prints what each request
  // got and when (the trace).
  it("resolves with the original verification, or throws with the key that resumes it", { timeout: 150_000 }, async () => {
    const started = Date.now();
    const trace: string[] = [];
    const note = (what: string) => trace.push(`+${Date.now() - started} ms ${what}`);
    // Also when the test's own timeout ends it: the trace says which step it was in.
    onTestFailed(() => console.error(`What the calls got: ${trace.join("; ")}`));
    const biz = await createTestBusiness();
    note("business made");
    const hubi = new Hubi({
      apiKey: biz.testKey,
      environment: "test",
      baseUrl: inject("baseUrl"),
      onResponse: (r) => note(`${r.status} after ${r.durationMs} ms`),
      onRetry: (r) => note(`retry ${r.retry} in ${Math.round(r.delayMs)} ms after ${r.error.code}`),
    });
    const request = { nationalId: SANDBOX_LEVERS.pending, purpose: "Slow registry" };
    // The first call's attempts time out before the answer, yet leave room for the quick replays that
    // follow on a loaded machine; the second call's deadline ends while its first request still runs.
    const attemptMs = (PENDING_SECONDS * 1000 * 2) / 3;
    const [waited, gaveUp] = await Promise.all([
      hubi.verifyCitizen(request, { respondAsync: false, timeoutMs: attemptMs, deadlineMs: 80_000 }),
      hubi.verifyCitizen(request, { respondAsync: false, timeoutMs: attemptMs / 4, deadlineMs: attemptMs / 2 }).catch((e: unknown) => e),
    ]);
    note("both calls ended");
    expect(waited).toMatchObject({ result: "verified", purpose: "Slow registry", isCached: true });
    // Told that its request is still in flight, or (on a loaded machine) still waiting for that
    // answer when the deadline came: either way the error carries the key.
    expect([IdempotencyInFlightError, TimeoutError].some((type) => gaveUp instanceof type)).toBe(true);
    const { idempotencyKey } = gaveUp as IdempotencyInFlightError | TimeoutError;
    expect(idempotencyKey).toEqual(expect.any(String));

    // The key resumes what its request started: the original answer when that request reached the
    // server (a replay), or the verification made now when the deadline cut it off before it did
    // (on a loaded machine a request aborted after 0.5 s may never have been read). Either way,
    // one verification per key.
    note("resuming");
    const resumed = await hubi.verifyCitizen(request, { idempotencyKey, respondAsync: false, deadlineMs: 50_000 });
    note("resumed");
    expect(resumed).toMatchObject({ result: "verified", purpose: "Slow registry" });
    const { rows } = await pool().query<{ id: string }>("SELECT id FROM verification WHERE business_id = $1 ORDER BY id", [biz.businessId]);
    expect(rows.map((r) => r.id)).toEqual([waited.id, resumed.id].sort());
  });
});
