/**
 * A slow national registry through the library (product rules §21): `verifyCitizen` sends
 * `Prefer: respond-async`, so the sandbox's pending lever answers `pending` at once instead of
 * after its 3 s; `waitForVerification` polls the free retrieve until the final result, and a
 * `verification_completed` event handed to `completions.notify` ends its wait at once. The outage
 * lever is a typed RegistryUnavailableError.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SANDBOX_LEVERS } from "@/contracts/sandbox";
import { createTestBusiness, type TestBusiness } from "../../test/support/factories";
import { startWorkerProcess, type WorkerProcess } from "../../test/support/worker-process";
import { waitFor } from "../../test/support/wait-for";
import { Hubi, RegistryUnavailableError, type WebhookEvent } from "../src/index.js";

let biz: TestBusiness;
let hubi: Hubi;
let worker: WorkerProcess;

beforeAll(async () => {
  // The file polls every 100 ms with one key: the default 60 reads a minute would answer 429 (and
  // the client wait out its Retry-After) whenever a wait lasted more than a few seconds.
  biz = await createTestBusiness({ rateLimitPerMinute: 6_000 });
  hubi = new Hubi({ apiKey: biz.testKey, environment: "test", baseUrl: inject("baseUrl") });
  worker = await startWorkerProcess({ WORKER_TASKS: "pending" });
});

afterAll(() => worker.stop());

describe("a pending verification", () => {
  it("answers pending before the registry does, then waitForVerification gets the final result and the citizen", async () => {
    // By structure, not by the clock: `pending` exists only while the registry has not answered.
    const pending = await hubi.verifyCitizen({ nationalId: SANDBOX_LEVERS.pending });
    expect(pending).toMatchObject({ result: "pending", citizen: null });
    const done = await hubi.waitForVerification(pending.id, { pollIntervalMs: 200 });
    expect(done).toMatchObject({ id: pending.id, result: "verified", citizen: { fullName: expect.any(String) } });
  });

  it("stops waiting as soon as its webhook event arrives, without waiting for the next poll", async () => {
    const pending = await hubi.verifyCitizen({ nationalId: SANDBOX_LEVERS.pending });
    // Polls every 10 minutes: only the event can end this wait within the test.
    const waiting = hubi.waitForVerification(pending.id, { pollIntervalMs: 600_000 });
    const event = await waitFor("the verification_completed event", async () => {
      const { data } = await hubi.listEvents({ type: "verification_completed" });
      return data.find((e: WebhookEvent) => (e.data as { id: string }).id === pending.id);
    });
    hubi.completions.notify(event);
    await expect(waiting).resolves.toMatchObject({ result: "verified" });
  });

  it("raises a registry outage as a typed RegistryUnavailableError with its Retry-After", async () => {
    const error = await hubi.verifyCitizen({ nationalId: SANDBOX_LEVERS.registry_outage }, { maxRetries: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryUnavailableError);
    expect(error).toMatchObject({ status: 503, code: "REGISTRY_UNAVAILABLE", retryAfter: 30 });
  });
});
