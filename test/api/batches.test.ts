/**
 * Batches through the public API (product rules §18): the shapes of every endpoint, malformed files
 * (400, nothing created) and bad rows (`invalid`), results in input order in both formats without
 * citizen details, history and events, credits running out mid-batch, consent, idempotent creation,
 * scopes, the batch rate limit and cancellation. Rows are processed by a real worker process
 * (`scripts/worker.ts`), as in production.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pool } from "@/server/db/client";
import { systemContext } from "@/server/context";
import { setBusinessStatus } from "@/server/businesses/set-business-status";
import { createApiKey } from "@/server/keys/create-api-key";
import { SANDBOX_IDS, SANDBOX_LEVERS } from "@/contracts/sandbox";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { FAILING_NATIONAL_ID, SLOW_IDS } from "../support/env";
import { balanceOf, ledgerSum, outboxTypes } from "../support/queries";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { batchCount, batchEnded, batchFootprint, csvOf, fetchResults, resultLines, seedCitizens, upload } from "../support/batches";

let worker: WorkerProcess;
beforeAll(async () => {
  worker = await startWorkerProcess({ WORKER_TASKS: "batches" });
});
afterAll(async () => {
  await worker.stop();
});

const BATCH_KEYS = ["id", "status", "mode", "totalRows", "processedRows", "counts", "creditsUsed", "createdAt", "completedAt"].sort();
const COUNT_KEYS = ["verified", "not_found", "expired", "revoked", "deceased", "invalid", "insufficient_credits", "registry_error"].sort();

/** More than the batch worker slots of every worker process that runs beside this file on its database. */
const IN_FLIGHT_CLAIMS_AT_MOST = 10;

describe("a batch of a business suspended while it runs", () => {
  it("waits, none of its rows looked up, while batches of others go on; it finishes once the business is active again", async () => {
    const suspended = await createTestBusiness();
    const other = await createTestBusiness();
    const rows = (n: number) => Array.from({ length: n }, () => uniqueNationalId());
    const waiting = await upload(suspended.testKey, csvOf("nationalId", rows(5_000)));
    expect(waiting.status).toBe(202);
    await setBusinessStatus(systemContext("test"), { businessId: suspended.businessId, status: "suspended", reason: "test" });
    // What the workers had done or taken by then, however long the upload's answer took to reach this test.
    const { rows: taken } = await pool().query<{ chunks: number }>(
      "SELECT count(*)::int AS chunks FROM batch_chunk WHERE batch_id = $1 AND (done_at IS NOT NULL OR leased_until IS NOT NULL)",
      [waiting.body.data.id],
    );
    // Uploaded later, so processed after the first one were it not waiting (chunks are taken oldest batch first).
    const later = await upload(other.testKey, csvOf("nationalId", rows(300)));
    expect(await batchEnded(other.testKey, later.body.data.id)).toMatchObject({ status: "completed", processedRows: 300 });
    const { rows: held } = await pool().query<{ status: string; processed_rows: number }>("SELECT status, processed_rows FROM batch WHERE id = $1", [waiting.body.data.id]);
    // Beyond those, only a claim already running as the suspension committed (one per worker slot:
    // a few on this database) may finish a chunk of 100 rows; unheld, all 50 chunks would be done.
    expect(["queued", "processing"]).toContain(held[0]!.status);
    expect(held[0]!.processed_rows).toBeLessThanOrEqual((taken[0]!.chunks + IN_FLIGHT_CLAIMS_AT_MOST) * 100);
    await setBusinessStatus(systemContext("test"), { businessId: suspended.businessId, status: "active" });
    expect(await batchEnded(suspended.testKey, waiting.body.data.id)).toMatchObject({ status: "completed", processedRows: 5_000 });
  }, 120_000);
});

describe("a batch whose stored chunks cannot be read", () => {
  it("fails once their attempts are spent, instead of taking them again forever", async () => {
    const biz = await createTestBusiness();
    const created = await upload(biz.testKey, csvOf("nationalId", Array.from({ length: 5_000 }, () => uniqueNationalId())));
    const id = created.body.data.id as string;
    // Held (a suspended business's batch waits) while the chunks not yet taken are damaged.
    await setBusinessStatus(systemContext("test"), { businessId: biz.businessId, status: "suspended", reason: "test" });
    const { rowCount } = await pool().query("UPDATE batch_chunk SET input = '\\x00'::bytea WHERE batch_id = $1 AND done_at IS NULL AND leased_until IS NULL", [id]);
    expect(rowCount).toBeGreaterThan(0);
    await setBusinessStatus(systemContext("test"), { businessId: biz.businessId, status: "active" });
    expect(await batchEnded(biz.testKey, id, { timeoutMs: 60_000 })).toMatchObject({ status: "failed" });
  }, 120_000);
});

describe("a sandbox CSV batch, end to end", () => {
  it("answers 202 with the batch, processes every row, and serves one result per row in input order", async () => {
    const biz = await createTestBusiness();
    const rows = [
      `${SANDBOX_IDS.verified},Account opening,Aamina Xasan Cabdi,1990-04-12`, // 1
      `${SANDBOX_IDS.not_found},,,`, // 2
      `${SANDBOX_IDS.expired},,,`, // 3
      `${SANDBOX_IDS.revoked},,,`, // 4
      `1234567890,,,`, // 5: ten digits
      `${uniqueNationalId()},,,1990-13-01`, // 6: a bad date
      `${uniqueNationalId()},${"x".repeat(201)},,`, // 7: purpose too long
      // 8-10: the sandbox's levers for single verifies (an outage, late answers) are ordinary IDs here.
      ...[SANDBOX_LEVERS.registry_outage, SANDBOX_LEVERS.slow_response, SANDBOX_LEVERS.pending].map((id) => `${id},,,`),
      ...Array.from({ length: 240 }, () => `${uniqueNationalId()},Re-verification,,`), // 11-250
    ];
    const created = await upload(biz.testKey, csvOf("nationalId,purpose,fullName,dateOfBirth", rows));
    expect(created.status).toBe(202);
    expect(created.body.message).toBe("Batch accepted");
    expect(Object.keys(created.body.data).sort()).toEqual(BATCH_KEYS);
    expect(created.body.data).toMatchObject({ status: "queued", mode: "test", totalRows: 250, processedRows: 0, creditsUsed: 0, completedAt: null });

    const batch = await batchEnded(biz.testKey, created.body.data.id);
    expect(batch).toMatchObject({
      status: "completed",
      totalRows: 250,
      processedRows: 250,
      counts: { verified: 244, not_found: 1, expired: 1, revoked: 1, invalid: 3, insufficient_credits: 0 },
      creditsUsed: 0,
    });
    expect(Object.keys(batch.counts).sort()).toEqual(COUNT_KEYS);
    expect(batch.completedAt).not.toBeNull();

    const lines = await resultLines(biz.testKey, batch.id);
    expect(lines.map((l) => l.row)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(lines[0]).toMatchObject({
      row: 1,
      result: "verified",
      reference: expect.stringMatching(/^HV-\d{8}-[0-9A-Z]{8}$/),
      match: { fullName: { result: "match" }, dateOfBirth: { result: "match" } },
    });
    expect(lines.slice(1, 4).map((l) => l.result)).toEqual(["not_found", "expired", "revoked"]);
    expect(lines[4]).toEqual({ row: 5, result: "invalid", reference: null, verificationId: null, error: "National ID must be exactly 11 digits" });
    expect(lines[5]).toMatchObject({ result: "invalid", error: "dateOfBirth must be a date as YYYY-MM-DD" });
    expect(lines[6]).toMatchObject({ result: "invalid", error: "Purpose must be at most 200 characters" });
    expect(lines.slice(7, 10).map((l) => l.result)).toEqual(["verified", "verified", "verified"]);
    // Never citizen details: no name, no date of birth or issue, in any line.
    const text = JSON.stringify(lines);
    expect(text).not.toContain("Amina");
    expect(text).not.toContain("dateOfIssue");
    expect(text).not.toContain(SANDBOX_IDS.verified);

    // Each processed row is a verification in the history, channel batch, with its reference.
    const history = await api("GET", `/verifications/${lines[0].verificationId}`, { key: biz.testKey });
    expect(history.body.data).toMatchObject({ channel: "batch", reference: lines[0].reference, purpose: "Account opening", result: "verified" });
    expect(await batchFootprint(batch.id)).toMatchObject({ verifications: 247, distinct_verifications: 247, results: 250, distinct_rows: 250 });
    const filtered = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM verification WHERE business_id = $1 AND channel = 'batch'", [biz.businessId]);
    expect(filtered.rows[0]!.n).toBe(247);

    // One batch_completed with the counts; no verification_completed for the rows.
    const types = await outboxTypes(biz.businessId);
    expect(types.filter((t) => t === "batch_completed")).toHaveLength(1);
    expect(types).not.toContain("verification_completed");
    const events = await api("GET", "/events?type=batch_completed", { key: biz.testKey });
    expect(events.body.data[0].data).toMatchObject({ id: batch.id, status: "completed", counts: batch.counts });
  });

  it("serves the results as CSV with Accept: text/csv", async () => {
    const biz = await createTestBusiness();
    const created = await upload(biz.testKey, csvOf("nationalId", [SANDBOX_IDS.verified, "123", SANDBOX_IDS.revoked]));
    await batchEnded(biz.testKey, created.body.data.id);
    const csv = await fetchResults(biz.testKey, created.body.data.id, "text/csv");
    expect(csv.status).toBe(200);
    expect(csv.contentType).toMatch(/^text\/csv/);
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("row,result,reference,verificationId,matchFullName,matchFullNameScore,matchDateOfBirth,error");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 2).join(","))).toEqual(["1,verified", "2,invalid", "3,revoked"]);
    expect(lines[2]).toMatch(/National ID must be exactly 11 digits$/);
  });

  it("accepts NDJSON, one verify body per line, validated like verify's body", async () => {
    const biz = await createTestBusiness();
    const body = [
      JSON.stringify({ nationalId: SANDBOX_IDS.verified, match: { fullName: "Amina Hassan" } }),
      "",
      JSON.stringify({ nationalId: SANDBOX_IDS.not_found, purpose: "KYC" }),
      JSON.stringify({ nationalId: SANDBOX_IDS.verified, unexpected: true }),
      JSON.stringify([1, 2]),
    ].join("\n");
    const created = await upload(biz.testKey, body, "application/x-ndjson");
    expect(created.status).toBe(202);
    expect(created.body.data.totalRows).toBe(4);
    await batchEnded(biz.testKey, created.body.data.id);
    const lines = await resultLines(biz.testKey, created.body.data.id);
    expect(lines.map((l) => [l.row, l.result])).toEqual([
      [1, "verified"],
      [2, "not_found"],
      [3, "invalid"],
      [4, "invalid"],
    ]);
    expect(lines[0].match).toEqual({ fullName: { result: "partial_match", score: expect.any(Number) } });
    expect(lines[2].error).toMatch(/unexpected/);
    expect(lines[3].error).toBe("The line must be a JSON object");
  });
});

describe("a malformed file is a 400 naming the line, and nothing is created", () => {
  const cases: [string, string, string, { field: string; message: RegExp }][] = [
    ["no nationalId column", "text/csv", "purpose,fullName\nx,y\n", { field: "line 1", message: /no nationalId column/ }],
    ["an unknown column", "text/csv", "nationalId,nationalid2\n11111111111,x\n", { field: "line 1", message: /Unknown column "nationalid2"/ }],
    ["a quote never closed", "text/csv", 'nationalId,purpose\n11111111111,ok\n22222222222,"open\n', { field: "line 3", message: /never closed/ }],
    ["a header and no rows", "text/csv", "nationalId\n", { field: "file", message: /no data rows/ }],
    ["an empty CSV file", "text/csv", "", { field: "line 1", message: /empty/ }],
    ["a line that is not JSON", "application/x-ndjson", '{"nationalId":"11111111111"}\n{"nationalId":\n', { field: "line 2", message: /not valid JSON/ }],
  ];
  for (const [name, type, body, error] of cases) {
    it(name, async () => {
      const biz = await createTestBusiness();
      const res = await upload(biz.testKey, body, type);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: "failed", code: "BAD_REQUEST", message: "The batch file is malformed; nothing was created" });
      expect(res.body.errors).toEqual([{ field: error.field, message: expect.stringMatching(error.message) }]);
      expect(await batchCount(biz.businessId)).toBe(0);
    });
  }

  it("bytes that are not UTF-8 text", async () => {
    const biz = await createTestBusiness();
    const res = await fetch(`${inject("baseUrl")}/api/v1/batches`, {
      method: "POST",
      headers: { authorization: `Bearer ${biz.testKey}`, "content-type": "text/csv" },
      body: Buffer.from([...Buffer.from("nationalId\n"), 0xff, 0xfe, 0x0a]),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ field: "line 2", message: "The file is not UTF-8 text" }]);
    expect(await batchCount(biz.businessId)).toBe(0);
  });

  it("a Content-Type other than CSV or NDJSON", async () => {
    const biz = await createTestBusiness();
    const res = await upload(biz.testKey, '{"nationalId":"11111111111"}', "application/json");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Content-Type must be text/csv or application/x-ndjson");
    expect(await batchCount(biz.businessId)).toBe(0);
  });

  // Twelve megabytes read and counted row by row: a minute or more on a loaded machine.
  it("more than 1,000,000 rows", { timeout: 180_000 }, async () => {
    const biz = await createTestBusiness();
    const res = await upload(biz.testKey, "nationalId\n" + "11111111111\n".repeat(1_000_001));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "line 1000002", message: "The file has more than 1,000,000 rows" }]);
    expect(await batchCount(biz.businessId)).toBe(0);
  });
});

describe("live batches: credits, consent, audit", () => {
  it("a chunk whose lookup keeps failing fails its batch, and every credit its chunks reserved comes back", async () => {
    const biz = await createTestBusiness({ live: true, credits: 500 });
    // Chunks of 100 rows: the first two look up fine, the third holds the ID the registry fails on.
    const ids = Array.from({ length: 300 }, (_, i) => (i === 250 ? FAILING_NATIONAL_ID : uniqueNationalId()));
    const created = await upload(biz.liveKey!, csvOf("nationalId", ids));
    const batch = await batchEnded(biz.liveKey!, created.body.data.id);
    expect(batch.status).toBe("failed");
    const recorded = batch.processedRows - batch.counts.invalid;
    expect(batch.creditsUsed).toBe(recorded);
    expect(await balanceOf(biz.businessId)).toBe(500 - recorded);
    expect(await ledgerSum(biz.businessId)).toBe(500 - recorded);
    const { rows } = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM credit_ledger_entry WHERE business_id = $1 AND kind = 'refund'", [biz.businessId]);
    expect(rows[0]!.n).toBe(1);
    expect((await batchFootprint(batch.id)).verifications).toBe(recorded);
  });

  it("when credits run out mid-batch, the remaining rows get insufficient_credits and cost nothing; the balance stops at 0", async () => {
    const biz = await createTestBusiness({ live: true, credits: 130 });
    // Every row would be verified: chunks run side by side, so which rows get the last credits
    // depends on which chunk charges first, but how many get them does not.
    const ids = Array.from({ length: 250 }, () => uniqueNationalId());
    await seedCitizens(ids.map((nationalId) => ({ nationalId })));
    const created = await upload(biz.liveKey!, csvOf("nationalId", ids));
    expect(created.status).toBe(202);
    const batch = await batchEnded(biz.liveKey!, created.body.data.id);
    expect(batch).toMatchObject({
      status: "completed",
      processedRows: 250,
      counts: { verified: 130, not_found: 0, expired: 0, revoked: 0, invalid: 0, insufficient_credits: 120 },
      creditsUsed: 130,
    });
    const lines = await resultLines(biz.liveKey!, batch.id);
    expect(lines.map((l) => l.row)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    const charged = lines.filter((l) => l.result === "verified");
    expect(charged).toHaveLength(130);
    expect(charged.every((l) => l.verificationId && l.reference)).toBe(true);
    const refused = lines.filter((l) => l.result === "insufficient_credits");
    expect(refused).toHaveLength(120);
    expect(refused.every((l) => l.verificationId === null && l.reference === null)).toBe(true);
    expect(await balanceOf(biz.businessId)).toBe(0);
    expect(await ledgerSum(biz.businessId)).toBe(0);
    expect(await batchFootprint(batch.id)).toMatchObject({ verifications: 130, charged: 130 });
    const types = await outboxTypes(biz.businessId);
    expect(types.filter((t) => t === "credits_exhausted")).toHaveLength(1);
    expect(types.filter((t) => t === "credits_low")).toHaveLength(1);
    const audit = await pool().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log_entry WHERE business_id = $1 AND action = 'verification.performed' AND metadata->>'batchId' = $2",
      [biz.businessId, batch.id],
    );
    expect(audit.rows[0]!.n).toBe(130);
  });

  it("charges verified, not_found, expired and revoked rows, one credit each; invalid rows cost nothing", async () => {
    const biz = await createTestBusiness({ live: true, credits: 100 });
    const [active, revoked, expired, unknown] = [uniqueNationalId(), uniqueNationalId(), uniqueNationalId(), uniqueNationalId()];
    await seedCitizens([{ nationalId: active }, { nationalId: revoked, status: "revoked" }, { nationalId: expired, expired: true }]);
    const created = await upload(biz.liveKey!, csvOf("nationalId", [active, revoked, expired, unknown, "12345"]));
    const batch = await batchEnded(biz.liveKey!, created.body.data.id);
    expect(batch).toMatchObject({ counts: { verified: 1, not_found: 1, expired: 1, revoked: 1, invalid: 1, insufficient_credits: 0 }, creditsUsed: 4 });
    expect(await balanceOf(biz.businessId)).toBe(96);
    expect(await ledgerSum(biz.businessId)).toBe(96);
  });

  it("a business that requires consent: live rows without consent are invalid, rows with it are verified", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10, requireLiveConsent: true });
    const [a, b] = [uniqueNationalId(), uniqueNationalId()];
    await seedCitizens([{ nationalId: a }, { nationalId: b }]);
    const created = await upload(
      biz.liveKey!,
      csvOf("nationalId,consentObtainedAt,consentMethod,consentReference", [`${a},2026-11-01T09:00:00Z,written,FORM-1`, `${b},,,`]),
    );
    const batch = await batchEnded(biz.liveKey!, created.body.data.id);
    expect(batch.counts).toMatchObject({ verified: 1, invalid: 1 });
    const lines = await resultLines(biz.liveKey!, batch.id);
    expect(lines[1]).toMatchObject({ result: "invalid", error: expect.stringMatching(/^consent is required/) });
    const verification = await api("GET", `/verifications/${lines[0].verificationId}`, { key: biz.liveKey! });
    expect(verification.body.data.consent).toEqual({ obtainedAt: "2026-11-01T09:00:00.000Z", method: "written", reference: "FORM-1" });
  });
});

describe("reading batches", () => {
  it("GET /batches lists the business's batches in the key's mode, newest first, paginated", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(biz.testKey, csvOf("nationalId", [SANDBOX_IDS.verified]))).body.data.id);
    await upload(biz.liveKey!, csvOf("nationalId", [SANDBOX_IDS.verified]));
    const first = await api("GET", "/batches?limit=2", { key: biz.testKey });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe("Batches retrieved");
    expect(first.body.data.map((b: { id: string }) => b.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const next = await api("GET", `/batches?limit=2&startingAfter=${ids[1]}`, { key: biz.testKey });
    expect(next.body.data.map((b: { id: string }) => b.id)).toEqual([ids[0]]);
    expect(next.body.pagination).toEqual({ limit: 2, total: 3, hasMore: false });
    expect((await api("GET", "/batches?limit=101", { key: biz.testKey })).status).toBe(400);
  });

  it("a batch of another business, of the other mode, or a malformed id is 404", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10 });
    const other = await createTestBusiness();
    const id = (await upload(biz.testKey, csvOf("nationalId", [SANDBOX_IDS.verified]))).body.data.id;
    expect((await api("GET", `/batches/${id}`, { key: biz.testKey })).status).toBe(200);
    for (const [key, path] of [
      [other.testKey, `/batches/${id}`],
      [biz.liveKey!, `/batches/${id}`],
      [biz.testKey, "/batches/not-a-uuid"],
      [other.testKey, `/batches/${id}/results`],
      [other.testKey, `/batches/${id}/cancel`],
    ] as const) {
      const res = await api(path.endsWith("cancel") ? "POST" : "GET", path, { key });
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "Batch not found" });
    }
  });
});

describe("creation rules", () => {
  it("the same Idempotency-Key and file answer the same batch; another file with it is a 409", async () => {
    const biz = await createTestBusiness();
    const file = csvOf("nationalId", [SANDBOX_IDS.verified, SANDBOX_IDS.revoked]);
    const headers = { "idempotency-key": "batch-upload-0001" };
    const first = await upload(biz.testKey, file, "text/csv", { headers });
    const again = await upload(biz.testKey, file, "text/csv", { headers });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await batchCount(biz.businessId)).toBe(1);
    const other = await upload(biz.testKey, csvOf("nationalId", [SANDBOX_IDS.expired]), "text/csv", { headers });
    expect(other.status).toBe(409);
    expect(await batchCount(biz.businessId)).toBe(1);
  });

  it("read_only keys can read batches but neither create nor cancel them", async () => {
    const biz = await createTestBusiness();
    const readOnly = (await createApiKey(systemContext("test"), { businessId: biz.businessId, mode: "test", scope: "read_only" })).key;
    const created = await upload(readOnly, csvOf("nationalId", [SANDBOX_IDS.verified]));
    expect(created.status).toBe(403);
    expect(created.body.message).toMatch(/cannot create or cancel batches/);
    const id = (await upload(biz.testKey, csvOf("nationalId", [SANDBOX_IDS.verified]))).body.data.id;
    expect((await api("GET", `/batches/${id}`, { key: readOnly })).status).toBe(200);
    const cancel = await api("POST", `/batches/${id}/cancel`, { key: readOnly });
    expect(cancel.status).toBe(403);
    expect(cancel.body.message).toMatch(/cannot create or cancel batches/);
  });

  it("batch creations have their own limit of 10 a minute, apart from the verify limit; refused uploads take no slot", async () => {
    const biz = await createTestBusiness();
    for (let i = 0; i < 3; i++) expect((await upload(biz.testKey, "nationalId\n\"11111111111\n")).status).toBe(400);
    const file = csvOf("nationalId", ["123"]);
    for (let i = 0; i < 10; i++) {
      const accepted = await upload(biz.testKey, file);
      expect(accepted.status).toBe(202);
      expect(accepted.headers.get("ratelimit-remaining")).toBe(String(9 - i));
    }
    const limited = await upload(biz.testKey, file);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("ratelimit-limit")).toBe("10");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await batchCount(biz.businessId)).toBe(10);
    const verify = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: SANDBOX_IDS.verified } });
    expect(verify.status).toBe(200);
  });

  it("results before the batch has ended are a 409 with Retry-After", async () => {
    const biz = await createTestBusiness();
    // A batch whose chunks were never stored: no worker can finish it.
    const { rows } = await pool().query<{ id: string }>(
      `INSERT INTO batch (id, business_id, mode, total_rows, chunk_count, request_id) VALUES (gen_random_uuid(), $1, 'test', 1, 1, 'req_test') RETURNING id`,
      [biz.businessId],
    );
    const res = await api("GET", `/batches/${rows[0]!.id}/results`, { key: biz.testKey });
    expect(res.status).toBe(409);
    expect(res.headers.get("retry-after")).toBe("5");
  });
});

describe("cancellation", () => {
  it("rows not yet processed end as cancelled and cost nothing; cancelling again answers the same batch", async () => {
    const biz = await createTestBusiness({ live: true, credits: 20_000 });
    const citizens = Array.from({ length: 3_000 }, () => uniqueNationalId());
    await seedCitizens(citizens.map((nationalId) => ({ nationalId })));
    // After the first 500 rows, every chunk (100 rows here) holds one the registry answers only
    // after 5 s: 25 such chunks, a few at a time, cannot all be done before the cancel, however
    // late it comes; the first chunks may be.
    const ids = citizens.map((id, i) => (i >= 500 && i % 50 === 0 ? SLOW_IDS.hung : id));
    const created = await upload(biz.liveKey!, csvOf("nationalId", ids));
    const cancel = await api("POST", `/batches/${created.body.data.id}/cancel`, { key: biz.liveKey! });
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toBe("Batch cancelled");
    const batch = cancel.body.data;
    expect(batch.status).toBe("cancelled");
    expect(batch.completedAt).not.toBeNull();

    const lines = await resultLines(biz.liveKey!, batch.id);
    expect(lines).toHaveLength(3_000);
    const cancelled = lines.filter((l) => l.result === "cancelled");
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.length).toBe(3_000 - batch.processedRows);
    expect(cancelled.every((l) => l.verificationId === null)).toBe(true);
    const footprint = await batchFootprint(batch.id);
    expect(footprint).toMatchObject({ verifications: batch.processedRows, charged: batch.processedRows, results: 3_000, distinct_rows: 3_000 });
    expect(batch.creditsUsed).toBe(batch.processedRows);
    expect(await balanceOf(biz.businessId)).toBe(20_000 - batch.processedRows);

    const again = await api("POST", `/batches/${batch.id}/cancel`, { key: biz.liveKey! });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("Batch already cancelled");
    expect(again.body.data).toEqual(batch);
    expect((await outboxTypes(biz.businessId)).filter((t) => t === "batch_completed")).toHaveLength(1);
  });
});
