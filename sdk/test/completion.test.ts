/**
 * `waitForVerification` and `batches.wait` against a scripted fetch: which failures end a wait and
 * which it waits out, its deadline, per-call options, webhook events that come while it polls,
 * bad options, and what an abort leaves behind. The same helper against the real server is in
 * pending.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { AbortedError, Hubi, NotFoundError, TimeoutError } from "../src/index.js";
import { apiError, fakeFetch, fastRetries, json, TEST_KEY, type Reply } from "./fake-fetch.js";

const ID = "0b8f7c1e-4d0a-4c55-9a52-3f1f5e0c2d7a";
const OTHER_KEY = "hubi_test_ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvutsrqponmlkjihgf";
const verification = (result: string) =>
  json(200, { data: { id: ID, reference: "HV-20261122-7KQ2M9XD", result, purpose: null, channel: "api", createdAt: "2026-11-22T09:30:00.000Z", creditsUsed: 1 }, citizen: null });
const completed = { id: "evt_1", type: "verification_completed", mode: "test", createdAt: "2026-11-22T09:30:02.000Z", data: { id: ID } } as const;

function client(replies: Reply[], apiKey: string | undefined = TEST_KEY) {
  const fake = fakeFetch(...replies);
  return { hubi: new Hubi({ apiKey, environment: "test", baseUrl: "https://hubi.example", fetch: fake.fetch, ...fastRetries }), calls: fake.calls };
}

describe("waitForVerification", () => {
  it("waits out a 429, a 500 and a dropped connection between polls, no sooner than the 429's Retry-After", async () => {
    const { hubi, calls } = client([
      verification("pending"),
      apiError(429, "RATE_LIMITED", "Slow down", { "Retry-After": "1" }),
      apiError(500, "INTERNAL_ERROR", "Boom"),
      new TypeError("fetch failed"),
      verification("verified"),
    ]);
    const times: number[] = [];
    const started = Date.now();
    const done = await hubi.waitForVerification(ID, { pollIntervalMs: 100, maxRetries: 0, onResponse: () => times.push(Date.now() - started) });
    expect(done).toMatchObject({ id: ID, result: "verified" });
    expect(calls).toHaveLength(5);
    // The 429 (the second response) asked for a second: the next poll came no sooner (but for the
    // millisecond or two a timer may fire early by the wall clock).
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(998);
  });

  it("ends at once on a failure that will not pass (a 404)", async () => {
    const { hubi, calls } = client([verification("pending"), apiError(404, "NOT_FOUND", "No such verification")]);
    await expect(hubi.waitForVerification(ID, { pollIntervalMs: 100 })).rejects.toBeInstanceOf(NotFoundError);
    expect(calls).toHaveLength(2);
  });

  it("polls with the call's own key, for a client that has none", async () => {
    const { hubi, calls } = client([verification("pending"), verification("verified")], undefined);
    await expect(hubi.waitForVerification(ID, { apiKey: OTHER_KEY, pollIntervalMs: 100 })).resolves.toMatchObject({ result: "verified" });
    expect(calls.map((c) => c.headers.get("authorization"))).toEqual([`Bearer ${OTHER_KEY}`, `Bearer ${OTHER_KEY}`]);
  });

  it("keeps its deadline, however long a poll's Retry-After, and starts no poll after it", async () => {
    const { hubi, calls } = client([apiError(429, "RATE_LIMITED", "Slow down", { "Retry-After": "30" }), verification("verified")]);
    const started = Date.now();
    const error = await hubi.waitForVerification(ID, { deadlineMs: 300, pollIntervalMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ message: `Verification ${ID} was still pending after 300 ms` });
    // Well short of the 30 s the 429 asked for (a loaded machine's margin).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(calls).toHaveLength(1);
  });

  it("starts no poll after a sleep to its deadline whose timer fired early by the wall clock", async () => {
    const { hubi, calls } = client([apiError(429, "RATE_LIMITED", "Slow down", { "Retry-After": "30" }), verification("verified")]);
    // Node's timers may fire a millisecond before the wall clock says their time is up: here the
    // wall clock steps 5 ms back while the wait sleeps to its deadline.
    const wallClock = Date.now;
    let behindMs = 0;
    const clock = vi.spyOn(Date, "now").mockImplementation(() => wallClock() - behindMs);
    try {
      setTimeout(() => (behindMs = 5), 150);
      const error = await hubi.waitForVerification(ID, { deadlineMs: 300, pollIntervalMs: 100 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
    } finally {
      clock.mockRestore();
    }
    expect(calls).toHaveLength(1);
  });

  it("asks again at once for an event that came while it was polling", async () => {
    let answer!: (response: Response) => void;
    const slowPoll = new Promise<Response>((resolve) => (answer = resolve));
    const fake = fakeFetch(verification("verified"));
    const first = fake.fetch;
    let polls = 0;
    const hubi = new Hubi({
      apiKey: TEST_KEY,
      environment: "test",
      baseUrl: "https://hubi.example",
      ...fastRetries,
      fetch: (url, init) => (++polls === 1 ? slowPoll : first(url, init)),
    });
    // Its next poll would come in 10 minutes: only the event can end the wait within the test.
    const waiting = hubi.waitForVerification(ID, { pollIntervalMs: 600_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    hubi.completions.notify(completed as never);
    answer(await verification("pending"));
    await expect(waiting).resolves.toMatchObject({ result: "verified" });
    expect(polls).toBe(2);
  });

  it("refuses options that would poll without pause or never end", async () => {
    const { hubi, calls } = client([]);
    for (const options of [{ pollIntervalMs: 0 }, { maxPollIntervalMs: 0 }, { deadlineMs: Number.NaN }, { pollIntervalMs: Number.POSITIVE_INFINITY }]) {
      await expect(hubi.waitForVerification(ID, options)).rejects.toThrow(TypeError);
    }
    expect(calls).toHaveLength(0);
  });
});

describe("an aborted call", () => {
  it("keeps its Idempotency-Key when aborted in the wait before a retry, to be resumed without a second charge", async () => {
    const { hubi, calls } = client([apiError(409, "IDEMPOTENCY_IN_FLIGHT", "Still working", { "Retry-After": "30" })]);
    const controller = new AbortController();
    const error = await hubi.verifyCitizen({ nationalId: "11111111111" }, { signal: controller.signal, onRetry: () => controller.abort() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).idempotencyKey).toBe(calls[0]!.headers.get("idempotency-key"));
    expect((error as AbortedError).idempotencyKey).toBeTruthy();
  });
});

describe("batches.wait", () => {
  const batch = (status: string) =>
    json(200, { message: "ok", data: { id: "batch_1", status, totalRows: 2, processedRows: 1, createdAt: "2026-11-22T09:30:00.000Z" } });

  it("removes its abort listener after each poll and ends an abort with AbortedError", async () => {
    const { hubi } = client(Array.from({ length: 20 }, () => batch("processing")));
    const controller = new AbortController();
    let polls = 0;
    const added: unknown[] = [];
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
      added.push(listener);
      add(type, listener, options);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((type: string, listener: EventListener) => {
      added.splice(added.indexOf(listener), 1);
      remove(type, listener);
    }) as typeof signal.removeEventListener;
    const error = await hubi.batches
      .wait("batch_1", { intervalMs: 100, signal, onProgress: () => ++polls === 12 && controller.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(polls).toBe(12);
    // None left behind by the eleven waits before.
    expect(added).toHaveLength(0);
  });
  it("stops a results download in progress when its signal aborts, and frees the connection", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"row":1,"nationalId":"*******1111","result":"verified"}\n'));
        // The rest of the download never comes.
      },
      cancel() {
        cancelled = true;
      },
    });
    const { hubi } = client([new Response(body, { status: 200, headers: { "Content-Type": "application/x-ndjson" } })]);
    const controller = new AbortController();
    const rows: unknown[] = [];
    const error = await (async () => {
      for await (const line of hubi.batches.results("batch_1", { signal: controller.signal })) {
        rows.push(line);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(rows).toHaveLength(1);
    expect(error).toBeInstanceOf(AbortedError);
    expect(cancelled).toBe(true);
  });
});
