/**
 * Redaction (product rules §19): one verification on request (API and portal owners), and every
 * verification past its business's retention period. The row keeps its reference, result and
 * dates; its purpose, consent reference and national-ID traces leave every table.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { db, pool } from "@/server/db/client";
import { hashNationalId } from "@/server/crypto/secrets";
import { createApiKey } from "@/server/keys/create-api-key";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { verifyAuditChain } from "@/server/audit/verify-audit-chain";
import { applyRetention } from "@/server/data-protection/apply-retention";
import { updateDataProtectionSettings } from "@/server/data-protection/update-data-protection-settings";
import { redactVerification } from "@/server/verifications/redact-verification";
import { READ_ONLY_REDACT_MESSAGE } from "@/contracts/api-key-scopes";
import { api } from "../support/api";
import { memberContext } from "../support/contexts";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { balanceOf } from "../support/queries";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { waitFor } from "../support/wait-for";

const consent = (reference: string) => ({ obtainedAt: new Date(Date.now() - 60_000).toISOString(), method: "written", reference });

let receiver: WebhookReceiver;
let worker: WorkerProcess;

beforeAll(async () => {
  receiver = await startReceiver();
  // A receiver that echoes what it got: its reply is kept as the attempt's response excerpt.
  receiver.respond((req) => ({ status: 200, body: req.body }));
  worker = await startWorkerProcess();
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
});

/** Every row of every table of the application's schema, as text, that contains `needle`. */
async function tablesContaining(needle: string): Promise<string[]> {
  const { rows: tables } = await pool().query<{ name: string }>(
    "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool().query(`SELECT 1 FROM ${name} t WHERE strpos(t::text, $1) > 0 LIMIT 1`, [needle]);
    if (rows.length) found.push(name);
  }
  return found;
}

describe("redacting one verification", () => {
  let biz: TestBusiness;
  beforeAll(async () => {
    biz = await createTestBusiness();
    await setWebhookUrl(systemContext("redaction-test"), { businessId: biz.businessId, mode: "test", url: receiver.url });
  });

  it("leaves nothing of its personal data in any table, keeps the record, and cannot be replayed", async () => {
    const nationalId = uniqueNationalId();
    const marker = randomUUID().slice(0, 8);
    const purpose = `Loan file ${marker}`;
    const reference = `CONSENT-${marker}`;
    const idempotencyKey = `loan-${marker}-verify`;
    const body = { nationalId, purpose, consent: consent(reference) };
    const res = await api("POST", "/verify/citizen", { key: biz.testKey, body, headers: { "idempotency-key": idempotencyKey } });
    expect(res.status).toBe(200);
    const id = res.body.data.id as string;
    // Wait for every copy to exist: the request-log entry (written in batches) and the delivered event, echoed back.
    await waitFor("the request-log entry", async () => (await tablesContaining(idempotencyKey)).includes("request_log_entry"));
    await waitFor("the delivery, echoed", async () => (await tablesContaining(purpose)).includes("webhook_attempt"));
    const needles = [nationalId, hashNationalId(nationalId), purpose, reference, idempotencyKey];
    expect(await tablesContaining(hashNationalId(nationalId))).toContain("verification");

    const redacted = await api("POST", `/verifications/${id}/redact`, { key: biz.testKey });
    expect(redacted.status).toBe(200);
    expect(redacted.body.message).toBe("Verification redacted");
    expect(redacted.body.data).toMatchObject({
      id,
      reference: res.body.data.reference,
      result: "verified",
      purpose: null,
      consent: { method: "written", obtainedAt: body.consent.obtainedAt, reference: null },
      redactedAt: expect.any(String),
    });
    for (const needle of needles) expect({ needle, tables: await tablesContaining(needle) }).toEqual({ needle, tables: [] });

    const retrieved = await api("GET", `/verifications/${id}`, { key: biz.testKey });
    expect(retrieved.body.data).toEqual(redacted.body.data);
    const replay = await api("POST", "/verify/citizen", { key: biz.testKey, body, headers: { "idempotency-key": idempotencyKey } });
    expect(replay.status).toBe(409);
    expect(replay.body.message).toMatch(/has been redacted/);

    // The audit chain still verifies: redaction is a new entry, earlier entries never held personal data.
    expect((await verifyAuditChain()).ok).toBe(true);
  });

  for (const when of ["at once, before the log entries are written", "once the log entries are written"]) {
    it(`clears the Idempotency-Key from the request log (its replays' and refusals' entries too), redacted ${when}`, async () => {
      const idempotencyKey = `loan-${randomUUID().slice(0, 8)}-replayed`;
      const body = { nationalId: uniqueNationalId() };
      const send = (b = body) => api("POST", "/verify/citizen", { key: biz.testKey, body: b, headers: { "idempotency-key": idempotencyKey } });
      const first = await send();
      const replay = await send();
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      // Refused under the key, so it produced no verification of its own.
      const mismatch = await send({ nationalId: uniqueNationalId() });
      expect(mismatch.status).toBe(409);
      const requestIds = [first, replay, mismatch].map((r) => r.headers.get("x-request-id"));
      const written = async () => {
        const { rows } = await pool().query("SELECT 1 FROM request_log_entry WHERE request_id = ANY($1::text[])", [requestIds]);
        return rows.length === 3;
      };
      // The request log writes its entries within a second.
      if (when.startsWith("once")) await waitFor("the requests' log entries", written);
      expect((await api("POST", `/verifications/${first.body.data.id}/redact`, { key: biz.testKey })).status).toBe(200);
      await waitFor("the requests' log entries", written);
      expect(await tablesContaining(idempotencyKey)).toEqual([]);
    });
  }

  it("is idempotent, also when requested many times at once: one audit entry, one event", async () => {
    const res = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId(), purpose: "Twice" } });
    const id = res.body.data.id as string;
    const all = await Promise.all(Array.from({ length: 5 }, () => api("POST", `/verifications/${id}/redact`, { key: biz.testKey })));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(all.filter((r) => r.body.message === "Verification redacted")).toHaveLength(1);
    expect(new Set(all.map((r) => r.body.data.redactedAt)).size).toBe(1);
    const audit = await db().auditLogEntry.findMany({ where: { targetId: id, action: "verification.redacted" } });
    expect(audit.map((a) => a.metadata)).toEqual([{ reference: res.body.data.reference, reason: "request" }]);
    const { rows: events } = await pool().query("SELECT payload FROM outbox_event WHERE type = 'verification_redacted' AND payload #>> '{data,id}' = $1", [id]);
    expect(events.map((e) => e.payload.data)).toEqual([{ id, reference: res.body.data.reference, redactedAt: all[0]!.body.data.redactedAt }]);
  });

  it("follows the 404 rules of retrieve, refuses read-only keys, and costs no credit", async () => {
    const other = await createTestBusiness({ live: true, credits: 3 });
    const own = await api("POST", "/verify/citizen", { key: other.testKey, body: { nationalId: uniqueNationalId() } });
    const ownId = own.body.data.id as string;
    expect((await api("POST", `/verifications/${ownId}/redact`, { key: biz.testKey })).status).toBe(404); // another business's
    expect((await api("POST", `/verifications/${ownId}/redact`, { key: other.liveKey })).status).toBe(404); // the other mode's
    expect((await api("POST", `/verifications/${randomUUID()}/redact`, { key: other.testKey })).status).toBe(404);
    expect((await api("POST", "/verifications/not-a-uuid/redact", { key: other.testKey })).body.code).toBe("NOT_FOUND");
    const readOnly = await createApiKey(memberContext(other), { businessId: other.businessId, mode: "test", scope: "read_only" });
    const refused = await api("POST", `/verifications/${ownId}/redact`, { key: readOnly.key });
    expect(refused.body).toMatchObject({ code: "FORBIDDEN", message: READ_ONLY_REDACT_MESSAGE });
    expect((await api("GET", `/verifications/${ownId}/redact`, { key: other.testKey })).status).toBe(405);

    const live = await api("POST", "/verify/citizen", { key: other.liveKey, body: { nationalId: uniqueNationalId() } });
    expect(await balanceOf(other.businessId)).toBe(2);
    expect((await api("POST", `/verifications/${live.body.data.id}/redact`, { key: other.liveKey })).status).toBe(200);
    expect(await balanceOf(other.businessId)).toBe(2);
    expect((await verifyAuditChain()).ok).toBe(true);
  });

  it("in the portal is for owners only", async () => {
    const res = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } });
    const id = res.body.data.id as string;
    await expect(redactVerification(memberContext(biz, "developer"), { businessId: biz.businessId, mode: "test", id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const done = await redactVerification(memberContext(biz), { businessId: biz.businessId, mode: "test", id });
    expect(done).toMatchObject({ alreadyRedacted: false, data: { id, redactedAt: expect.any(String) } });
  });
});

describe("the retention period", () => {
  const backdate = (ids: string[], months: number) =>
    pool().query(`UPDATE verification SET created_at = now() - make_interval(months => $2) WHERE id = ANY($1::uuid[])`, [ids, months]);
  const verifyN = async (key: string, n: number) =>
    Promise.all(Array.from({ length: n }, async () => (await api("POST", "/verify/citizen", { key, body: { nationalId: uniqueNationalId(), purpose: "Kept?" } })).body.data.id as string));

  it("redacts what is older than each business's period and nothing younger, audited per business without events", async () => {
    const oneYear = await createTestBusiness();
    await updateDataProtectionSettings(memberContext(oneYear), { businessId: oneYear.businessId, retentionYears: 1 });
    const fiveYears = await createTestBusiness(); // the default
    const [old1, old2, young] = await verifyN(oneYear.testKey, 3);
    await backdate([old1!, old2!], 13);
    await backdate([young!], 11);
    const [fiveOld, fiveOlder] = await verifyN(fiveYears.testKey, 2);
    await backdate([fiveOld!], 13);
    await backdate([fiveOlder!], 61);

    await applyRetention();
    const state = async (id: string) => {
      const v = await db().verification.findUniqueOrThrow({ where: { id } });
      return { redacted: v.redactedAt !== null, purpose: v.purpose, last4: v.nationalIdLast4 === null ? null : "kept" };
    };
    const gone = { redacted: true, purpose: null, last4: null };
    const kept = { redacted: false, purpose: "Kept?", last4: "kept" };
    expect(await Promise.all([old1!, old2!, young!, fiveOld!, fiveOlder!].map(state))).toEqual([gone, gone, kept, kept, gone]);

    // The app's own maintenance pass may have taken part of the work: count what the entries say together.
    const counted = async (businessId: string) => {
      const entries = await db().auditLogEntry.findMany({ where: { businessId, action: "verification.retention_redacted" } });
      return entries.reduce((sum, e) => sum + Number((e.metadata as { count: number }).count), 0);
    };
    expect(await counted(oneYear.businessId)).toBe(2);
    expect(await counted(fiveYears.businessId)).toBe(1);
    expect(await db().outboxEvent.count({ where: { businessId: oneYear.businessId, type: "verification_redacted" } })).toBe(0);

    await applyRetention(); // nothing left to do: nothing redacted twice, no new entries
    expect(await counted(oneYear.businessId)).toBe(2);
    expect((await verifyAuditChain()).ok).toBe(true);
  });
});
