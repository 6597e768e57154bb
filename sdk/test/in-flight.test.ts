/**
 * A verify slower than the library's timeout never leaves a verification behind a thrown error: the
 * library waits on the request still in flight under its Idempotency-Key and returns the original;
 * when its deadline runs out first, the error carries the key, and calling again with that key
 * returns the original result. Nothing twice. The sandbox's pending lever answers after 3 s; the
 * calls wait for it (`respondAsync: false`) instead of taking a 202.
 */
import { describe, expect, inject, it } from "vitest";
import { pool } from "@/server/db/client";
import { PENDING_SECONDS, SANDBOX_LEVERS } from "@/contracts/sandbox";
import { createTestBusiness } from "../../test/support/factories";
import { Hubi, IdempotencyInFlightError, TimeoutError } from "../src/index.js";

describe("a verify slower than the library's timeout", () => {
  // On a loaded machine a replay may outlast a 2 s attempt too; the first call keeps trying for longer.
  it("resolves with the original verification, or throws with the key that resumes it", { timeout: 150_000 }, async () => {
    const biz = await createTestBusiness();
    const hubi = new Hubi({ apiKey: biz.testKey, environment: "test", baseUrl: inject("baseUrl") });
    const request = { nationalId: SANDBOX_LEVERS.pending, purpose: "Slow registry" };
    // The first call's attempts time out before the answer, yet leave room for the quick replays that
    // follow on a loaded machine; the second call's deadline ends while its first request still runs.
    const attemptMs = (PENDING_SECONDS * 1000 * 2) / 3;
    const [waited, gaveUp] = await Promise.all([
      hubi.verifyCitizen(request, { respondAsync: false, timeoutMs: attemptMs, deadlineMs: 120_000 }),
      hubi.verifyCitizen(request, { respondAsync: false, timeoutMs: attemptMs / 4, deadlineMs: attemptMs / 2 }).catch((e: unknown) => e),
    ]);
    expect(waited).toMatchObject({ result: "verified", purpose: "Slow registry", isCached: true });
    // Told that its request is still in flight, or (on a loaded machine) still waiting for that
    // answer when the deadline came: either way the error carries the key.
    expect([IdempotencyInFlightError, TimeoutError].some((type) => gaveUp instanceof type)).toBe(true);
    const { idempotencyKey } = gaveUp as IdempotencyInFlightError | TimeoutError;
    expect(idempotencyKey).toEqual(expect.any(String));

    const resumed = await hubi.verifyCitizen(request, { idempotencyKey, respondAsync: false });
    expect(resumed).toMatchObject({ result: "verified", isCached: true });
    const { rows } = await pool().query<{ id: string }>("SELECT id FROM verification WHERE business_id = $1 ORDER BY id", [biz.businessId]);
    expect(rows.map((r) => r.id)).toEqual([waited.id, resumed.id].sort());
  });
});
