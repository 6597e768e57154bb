/**
 * Bodies a client controls cannot make the server's memory grow with their size (product rules
 * §18, docs/security.md). Hostile batch files of tens of MB, streamed through the real API: a header
 * then nothing but commas, and one quoted cell never closed. Each is refused with a 400 naming the
 * line and the limit as soon as the bound is passed: quickly, with the app's memory flat, leaving
 * no batch; a normal batch is accepted afterwards. A JSON body is cut off at its limit the same way.
 */
import { describe, expect, inject, it } from "vitest";
import { createTestBusiness } from "../support/factories";
import { batchCount, csvOf, upload } from "../support/batches";
import { sampleRss } from "../support/process-tree";

const HOSTILE_BYTES = 24 * 1024 * 1024;
/** Wide margins: the bounded reader answers in about a second and holds one record of at most 16 KiB. */
const MAX_SECONDS = 10;
const MAX_RSS_GROWTH_MB = 200;

/** `head`, then `fill` repeated to HOSTILE_BYTES, generated as the request pulls it (never held whole). */
function hostileBody(head: string, fill: string): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode(fill.repeat(Math.ceil(64 * 1024 / fill.length)));
  let sent = 0;
  return new ReadableStream({
    start: (controller) => controller.enqueue(new TextEncoder().encode(head)),
    pull: (controller) => {
      if (sent >= HOSTILE_BYTES) return controller.close();
      controller.enqueue(piece);
      sent += piece.byteLength;
    },
  });
}

/**
 * POSTs a streamed body and measures the answer's time and the app's peak memory while it was
 * handled. The request is aborted after a minute: a server that reads the whole body into memory
 * fails here instead of hanging the run.
 */
async function post(path: string, key: string, contentType: string, body: ReadableStream<Uint8Array>) {
  const rss = sampleRss(inject("appPid"), 20);
  const before = rss.peak();
  const started = performance.now();
  try {
    const res = await fetch(`${inject("baseUrl")}/api/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": contentType },
      body,
      duplex: "half",
      signal: AbortSignal.timeout(60_000),
    } as RequestInit);
    const json = await res.json();
    return { status: res.status, body: json, seconds: (performance.now() - started) / 1000, rssGrowthMb: rss.peak() - before };
  } finally {
    rss.stop();
  }
}

describe("a hostile batch file is refused at its first oversized record, without holding it", () => {
  const shapes: [string, string, string, string][] = [
    ["a header, then tens of MB of commas", "nationalId,purpose\n", ",", "The record has more than 32 cells"],
    ["one quoted cell never closed", 'nationalId,purpose\n11111111111,"', "x\n", "A cell is longer than 1,024 characters"],
  ];
  for (const [name, head, fill, message] of shapes) {
    it(`${name}: 400 naming line 2 and the limit, quickly, memory flat, no batch; a normal batch still works`, { timeout: 120_000 }, async () => {
      const biz = await createTestBusiness();
      const res = await post("/batches", biz.testKey, "text/csv", hostileBody(head, fill));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "BAD_REQUEST", message: "The batch file is malformed; nothing was created" });
      expect(res.body.errors).toEqual([{ field: "line 2", message }]);
      expect(res.seconds).toBeLessThan(MAX_SECONDS);
      expect(res.rssGrowthMb).toBeLessThan(MAX_RSS_GROWTH_MB);
      expect(await batchCount(biz.businessId)).toBe(0);

      const normal = await upload(biz.testKey, csvOf("nationalId,purpose", ["11111111111,Account opening", "22222222222,Account opening"]));
      expect(normal.status).toBe(202);
      expect(normal.body.data.totalRows).toBe(2);
    });
  }
});

it("a JSON body is cut off at 16 KiB while it streams: 400, quickly, memory flat", { timeout: 120_000 }, async () => {
  const biz = await createTestBusiness();
  const res = await post("/verify/citizen", biz.testKey, "application/json", hostileBody('{"nationalId":"11111111111","purpose":"', "x"));
  expect(res.status).toBe(400);
  expect(res.body.message).toBe("The request body is too large (limit 16 KiB)");
  expect(res.seconds).toBeLessThan(MAX_SECONDS);
  expect(res.rssGrowthMb).toBeLessThan(MAX_RSS_GROWTH_MB);
});
