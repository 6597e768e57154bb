/**
 * The audit log (product rules §13, §15): live verifications are appended without personal data, the
 * database refuses edits and deletions, and the hash chain exposes an edit or a removed entry.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { verifyAuditChain } from "@/server/services/audit/verify-audit-chain";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { openOwnerPool } from "../support/owner-db";

const owner = openOwnerPool();

type Entry = { id: string; business_id: string; mode: string; actor_type: string; action: string; target_type: string; metadata: Record<string, unknown>; request_id: string };

async function entriesFor(verificationId: string): Promise<Entry[]> {
  const { rows } = await pool().query<Entry>("SELECT * FROM audit_log_entry WHERE target_id = $1", [verificationId]);
  return rows;
}

let biz: TestBusiness;
beforeAll(async () => {
  biz = await createTestBusiness({ live: true, credits: 20 });
});

const liveVerify = (nationalId = uniqueNationalId()) =>
  api("POST", "/verify/citizen", { key: biz.liveKey, body: { nationalId, purpose: "Loan application" } });

describe("what is appended", () => {
  it("a live verification appends verification.performed, with no national ID", async () => {
    const nationalId = uniqueNationalId();
    const res = await liveVerify(nationalId);
    const entries = await entriesFor(res.body.data.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      business_id: biz.businessId,
      mode: "live",
      actor_type: "api_key",
      action: "verification.performed",
      target_type: "verification",
      metadata: { reference: res.body.data.reference, result: res.body.data.result, channel: "api" },
      request_id: res.headers.get("x-request-id"),
    });
    const { rows } = await pool().query<{ text: string }>("SELECT e::text AS text FROM audit_log_entry e WHERE id = $1", [entries[0]!.id]);
    expect(rows[0]!.text).not.toContain(nationalId);
    expect(rows[0]!.text).not.toContain(nationalId.slice(-4) + '"'); // not even the last four as a value
  });

  it("a sandbox verification is not audited", async () => {
    const res = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } });
    expect(res.status).toBe(200);
    expect(await entriesFor(res.body.data.id)).toEqual([]);
  });

  it("a refused (402) live verification leaves no entry", async () => {
    const poor = await createTestBusiness({ live: true });
    const res = await api("POST", "/verify/citizen", { key: poor.liveKey, body: { nationalId: uniqueNationalId() } });
    expect(res.status).toBe(402);
    const { rows } = await pool().query("SELECT 1 FROM audit_log_entry WHERE business_id = $1 AND action = 'verification.performed'", [poor.businessId]);
    expect(rows).toHaveLength(0);
  });
});

describe("the database keeps the log append-only", () => {
  it.each([
    ["UPDATE", "UPDATE audit_log_entry SET action = 'edited' WHERE id = $1"],
    ["DELETE", "DELETE FROM audit_log_entry WHERE id = $1"],
  ])("%s is refused to the app's role, and to the owner by the trigger", async (op, sql) => {
    const res = await liveVerify();
    const [entry] = await entriesFor(res.body.data.id);
    await expect(pool().query(sql, [entry!.id])).rejects.toThrow("permission denied for table audit_log_entry");
    await expect(owner.query(sql, [entry!.id])).rejects.toThrow(`audit_log_entry is append-only: ${op} is not allowed`);
    expect(await entriesFor(res.body.data.id)).toEqual([entry]);
  });

  it("TRUNCATE is refused to the app's role, and to the owner by the trigger", async () => {
    await expect(pool().query("TRUNCATE audit_log_entry")).rejects.toThrow("permission denied for table audit_log_entry");
    await expect(owner.query("TRUNCATE audit_log_entry")).rejects.toThrow("audit_log_entry is append-only: TRUNCATE is not allowed");
  });

  it("the app's role can neither disable the trigger nor alter the table", async () => {
    await expect(pool().query("ALTER TABLE audit_log_entry DISABLE TRIGGER audit_log_entry_append_only")).rejects.toThrow(
      "must be owner of table audit_log_entry",
    );
    await expect(pool().query("ALTER TABLE audit_log_entry ADD COLUMN note text")).rejects.toThrow("must be owner of table audit_log_entry");
    await expect(pool().query("DROP TABLE audit_log_entry")).rejects.toThrow("must be owner of table audit_log_entry");
  });
});

describe("the hash chain", () => {
  it("is intact", async () => {
    await liveVerify();
    const status = await verifyAuditChain();
    expect(status).toMatchObject({ ok: true });
    expect(status.entries).toBeGreaterThan(0);
  });

  it("reveals an edited entry and a removed one; restoring the entry makes it whole again", async () => {
    const a = await liveVerify();
    const b = await liveVerify();
    const [edited] = await entriesFor(a.body.data.id);
    const [next] = await entriesFor(b.body.data.id);
    // All tampering happens inside one transaction that is rolled back: no other test ever sees
    // a tampered log, and inserts by other tests wait for the table lock until it ends.
    const client = await owner.connect();
    try {
      await client.query("BEGIN");
      await client.query("ALTER TABLE audit_log_entry DISABLE TRIGGER audit_log_entry_append_only");
      const { rows } = await client.query<{ metadata: unknown }>("SELECT metadata FROM audit_log_entry WHERE id = $1", [edited!.id]);
      const original = rows[0]!.metadata;
      expect(original).toMatchObject({ result: "not_found" }); // a random ID is not in the registry

      await client.query(`UPDATE audit_log_entry SET metadata = metadata || '{"result":"verified"}' WHERE id = $1`, [edited!.id]);
      expect(await verifyAuditChain(client)).toMatchObject({
        ok: false,
        firstBadId: String(edited!.id),
        reason: "its content does not match its hash (it was edited)",
      });

      await client.query("UPDATE audit_log_entry SET metadata = $2 WHERE id = $1", [edited!.id, original]);
      await client.query("ALTER TABLE audit_log_entry ENABLE TRIGGER audit_log_entry_append_only");
      expect(await verifyAuditChain(client)).toMatchObject({ ok: true });

      await client.query("ALTER TABLE audit_log_entry DISABLE TRIGGER audit_log_entry_append_only");
      await client.query("DELETE FROM audit_log_entry WHERE id = $1", [edited!.id]);
      const gap = await verifyAuditChain(client);
      expect(gap).toMatchObject({ ok: false, reason: "its link to the previous entry is broken (an entry was removed or reordered)" });
      // the first entry after the removed one is named (ours, unless another test appended in between)
      expect(BigInt((gap as { firstBadId: string }).firstBadId)).toBeGreaterThan(BigInt(edited!.id));
      expect(BigInt((gap as { firstBadId: string }).firstBadId)).toBeLessThanOrEqual(BigInt(next!.id));
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
    expect(await verifyAuditChain()).toMatchObject({ ok: true });
    expect(await entriesFor(a.body.data.id)).toEqual([edited]);
    await expect(owner.query("DELETE FROM audit_log_entry WHERE id = $1", [edited!.id])).rejects.toThrow(/append-only/);
  });
});
