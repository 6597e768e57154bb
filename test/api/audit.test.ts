/**
 * The audit log (product rules §13, §15): live verifications are appended without personal data, the
 * database refuses edits and deletions, the hash chains expose an edit or a removed entry, and
 * checkpoints expose cut-off newest entries. One chain per business: businesses never wait for
 * each other's audit entries, and each chain is numbered without gaps.
 *
 * Its database (and so its app) is its own: tampering turns the append-only trigger off, which
 * locks the whole audit table, and checking a chain reads all of it; on the shared database every
 * other file's verifications would wait for that lock, for as long as the whole log takes to check.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { verifyAuditChain } from "@/server/audit/verify-audit-chain";
import { latestAuditCheckpoint, writeAuditCheckpoint } from "@/server/audit/audit-checkpoint";
import { listAuditEntries } from "@/server/audit/list-audit-entries";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { createOwnDatabase } from "../support/own-database";
import { startApp, type RunningApp } from "../support/app";
import { adminContext } from "../support/contexts";
import { waitFor } from "../support/wait-for";
import { blockedBy } from "../support/queries";

let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let owner: pg.Pool;
let app: RunningApp;

type Entry = { id: string; business_id: string; mode: string; actor_type: string; action: string; target_type: string; metadata: Record<string, unknown>; request_id: string };

async function entriesFor(verificationId: string): Promise<Entry[]> {
  const { rows } = await pool().query<Entry>("SELECT * FROM audit_log_entry WHERE target_id = $1", [verificationId]);
  return rows;
}

let biz: TestBusiness;
beforeAll(async () => {
  database = await createOwnDatabase("audit");
  owner = new pg.Pool({ connectionString: database.ownerUrl, max: 2 });
  app = await startApp({ env: {}, name: "vitest-app-audit" });
  biz = await createTestBusiness({ live: true, credits: 20 });
}, 120_000);
afterAll(async () => {
  await Promise.all([app?.stop(), owner?.end()]);
  await database?.release();
});

/** A verify through this file's own app. */
const verifyWith = (key: string | undefined, nationalId = uniqueNationalId()) =>
  api("POST", "/verify/citizen", { key, body: { nationalId, purpose: "Loan application" }, baseUrl: app.url });

const liveVerify = (nationalId = uniqueNationalId()) => verifyWith(biz.liveKey, nationalId);

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
    const res = await verifyWith(biz.testKey);
    expect(res.status).toBe(200);
    expect(await entriesFor(res.body.data.id)).toEqual([]);
  });

  it("a refused (402) live verification leaves no entry", async () => {
    const poor = await createTestBusiness({ live: true });
    const res = await verifyWith(poor.liveKey);
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

  it("the app's role cannot move a chain head itself (only the insert trigger does)", async () => {
    await liveVerify();
    await expect(pool().query("UPDATE audit_chain_head SET seq = 1 WHERE chain = $1", [biz.businessId])).rejects.toThrow(
      "permission denied for table audit_chain_head",
    );
    await expect(pool().query("INSERT INTO audit_chain_head (chain, seq, hash, updated_at) VALUES ('forged', 1, '', now())")).rejects.toThrow(
      "permission denied for table audit_chain_head",
    );
    await expect(pool().query("DELETE FROM audit_chain_head WHERE chain = $1", [biz.businessId])).rejects.toThrow("permission denied for table audit_chain_head");
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

describe("checkpoints: cutting off the newest entries is detected", () => {
  it("against the last checkpoint in the log, and against an exported one after the checkpoint itself is gone", async () => {
    const victim = await createTestBusiness({ live: true, credits: 5 });
    const verifyVictim = () => verifyWith(victim.liveKey);
    for (let i = 0; i < 3; i++) expect((await verifyVictim()).status).toBe(200);
    expect(await writeAuditCheckpoint()).toEqual(expect.any(Number));
    const exported = (await latestAuditCheckpoint())!;
    expect(exported.heads[victim.businessId]).toMatchObject({ seq: expect.any(Number) });
    expect(await verifyAuditChain(pool(), { checkpoint: exported })).toMatchObject({ ok: true, checkpoint: { seq: exported.seq } });

    // As the owner, with the append-only trigger off: remove the victim's two newest entries and
    // rewrite its head row to match, so that only a checkpoint can tell. Rolled back afterwards.
    const client = await owner.connect();
    try {
      await client.query("BEGIN");
      await client.query("ALTER TABLE audit_log_entry DISABLE TRIGGER audit_log_entry_append_only");
      const cut = async (chain: string, howMany: number) => {
        await client.query("DELETE FROM audit_log_entry WHERE chain = $1 AND chain_seq > (SELECT seq FROM audit_chain_head WHERE chain = $1) - $2", [chain, howMany]);
        await client.query(
          `UPDATE audit_chain_head h SET seq = e.chain_seq, hash = e.hash
             FROM (SELECT chain_seq, hash FROM audit_log_entry WHERE chain = $1 ORDER BY chain_seq DESC LIMIT 1) e WHERE h.chain = $1`,
          [chain],
        );
      };
      await cut(victim.businessId, 2);
      expect(await verifyAuditChain(client)).toMatchObject({
        ok: false,
        chain: victim.businessId,
        reason: expect.stringMatching(/^the chain no longer reaches the head recorded in the last checkpoint #\d+ \(its newest entries were removed or rewritten\)$/),
      });

      // Removing the checkpoints that recorded the cut entries too leaves the log consistent with itself...
      await client.query(
        `DELETE FROM audit_log_entry WHERE chain = 'checkpoint'
            AND (metadata->'heads'->$1->>'seq')::bigint > (SELECT seq FROM audit_chain_head WHERE chain = $1)`,
        [victim.businessId],
      );
      await client.query(
        `UPDATE audit_chain_head h SET seq = coalesce(e.chain_seq, 0), hash = coalesce(e.hash, '')
           FROM (SELECT max(chain_seq) AS chain_seq, (array_agg(hash ORDER BY chain_seq DESC))[1] AS hash FROM audit_log_entry WHERE chain = 'checkpoint') e
          WHERE h.chain = 'checkpoint'`,
      );
      // ...but not with the checkpoint published before.
      expect(await verifyAuditChain(client)).toMatchObject({ ok: true });
      expect(await verifyAuditChain(client, { checkpoint: exported })).toMatchObject({
        ok: false,
        chain: "checkpoint",
        reason: `the exported checkpoint #${exported.seq} is no longer in the log (the newest checkpoints were removed)`,
      });
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
    expect(await verifyAuditChain(pool(), { checkpoint: exported })).toMatchObject({ ok: true });
  });

  it("checkpoint writers in several processes take turns; within the minimum interval none writes again", async () => {
    await liveVerify();
    const forced = await Promise.all(Array.from({ length: 4 }, () => writeAuditCheckpoint()));
    expect(forced).toEqual([expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)]);
    expect(new Set(forced).size).toBe(4);
    expect(await Promise.all(Array.from({ length: 3 }, () => writeAuditCheckpoint({ minIntervalMs: 3_600_000 })))).toEqual([null, null, null]);
    expect(await verifyAuditChain()).toMatchObject({ ok: true, checkpoint: { seq: expect.any(Number) } });
  });

  it("an altered exported checkpoint is refused", async () => {
    await liveVerify();
    await writeAuditCheckpoint();
    const exported = (await latestAuditCheckpoint())!;
    const altered = { ...exported, heads: { ...exported.heads, [biz.businessId]: { seq: 1, hash: "0".repeat(64) } } };
    expect(await verifyAuditChain(pool(), { checkpoint: altered })).toMatchObject({
      ok: false,
      reason: `the exported checkpoint #${exported.seq} does not match its own digest (the file was altered)`,
    });
  });
});

describe("one chain per business", () => {
  it("a business's live verify completes while another business's chain head is locked", async () => {
    const [blocked, free] = await Promise.all([createTestBusiness({ live: true, credits: 5 }), createTestBusiness({ live: true, credits: 5 })]);
    const verifyOf = (b: TestBusiness) => verifyWith(b.liveKey);
    expect((await verifyOf(blocked)).status).toBe(200); // its chain exists
    const holder = await owner.connect();
    let waiting: Promise<Awaited<ReturnType<typeof verifyOf>>> | undefined;
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT seq FROM audit_chain_head WHERE chain = $1 FOR UPDATE", [blocked.businessId]);
      waiting = verifyOf(blocked);
      const [{ pid }] = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows as [{ pid: number }];
      await waitFor("the blocked business's verify to wait for its chain head", () => blockedBy(pid));
      const other = await verifyOf(free);
      expect(other.status).toBe(200);
    } finally {
      await holder.query("COMMIT");
      holder.release();
    }
    expect((await waiting!).status).toBe(200);
    expect(await verifyAuditChain()).toMatchObject({ ok: true });
  });

  it("numbers each chain 1, 2, 3... without gaps, even where an insert rolled back", async () => {
    const numbered = await createTestBusiness({ live: true, credits: 5 });
    const client = await pool().connect();
    try {
      await client.query("BEGIN");
      await client.query("INSERT INTO audit_log_entry (business_id, actor_type, action) VALUES ($1, 'system', 'test.rolled_back')", [numbered.businessId]);
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    for (let i = 0; i < 2; i++) await verifyWith(numbered.liveKey);
    const { items } = await listAuditEntries(await adminContext(), { businessId: numbered.businessId });
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.map((e) => e.chainSeq)).toEqual(items.map((_, i) => items.length - i));
    expect(items.map((e) => e.action)).not.toContain("test.rolled_back");
  });
});
