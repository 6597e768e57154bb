/**
 * Personal data (product rules §1, §13): after verifications of every kind,
 * no national ID and no API key is stored in clear anywhere in the database or written to the
 * app's logs; citizen details live only in the registry (and, encrypted, the idempotency record).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { hashNationalId } from "@/server/crypto/secrets";
import { importCitizens } from "@/server/registry/import-citizens";
import { api } from "../support/api";
import { openOwnerPool } from "../support/owner-db";
import { LOG_DIR } from "../support/app";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { waitFor } from "../support/wait-for";

let biz: TestBusiness;
const owner = openOwnerPool();

const ids = {
  live: uniqueNationalId(),
  test: uniqueNationalId(),
  rejected: uniqueNationalId(),
  refused: uniqueNationalId(),
  /** A client retrieving "by national ID" puts it in the URL: it must not reach the logs either. */
  inUrl: uniqueNationalId(),
};
/** In an Idempotency-Key (on a list call, so that no idempotency record keeps it). */
const keyedId = uniqueNationalId();
const citizenName = `Personal Data ${randomUUID().slice(0, 8)}`;
let liveVerificationId: string;

/** Every table, read as the schema's owner: the app's own role cannot even see some of them. */
async function tablesContaining(needle: string, except: string[] = []): Promise<string[]> {
  const { rows: tables } = await owner.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const hits: string[] = [];
  for (const { tablename } of tables) {
    if (except.includes(tablename)) continue;
    const { rows } = await owner.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${tablename}" t WHERE strpos(t::text, $1) > 0`,
      [needle],
    );
    if (rows[0]!.n > 0) hits.push(tablename);
  }
  return hits;
}

beforeAll(async () => {
  biz = await createTestBusiness({ live: true, credits: 5 });
  const poor = await createTestBusiness({ live: true });
  await importCitizens(systemContext("personal-data-test"), {
    csv: `national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status\n${ids.live},${citizenName},1980-01-01,2020-01-01,2035-01-01,active\n`,
  });
  const live = await api("POST", "/verify/citizen", {
    key: biz.liveKey,
    body: { nationalId: ids.live, purpose: "Account opening" },
    headers: { "idempotency-key": `pd-${randomUUID()}` },
  });
  expect(live.body).toMatchObject({ data: { result: "verified" }, citizen: { fullName: citizenName } });
  liveVerificationId = live.body.data.id;
  expect((await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: ids.test } })).status).toBe(200);
  expect((await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: ids.rejected, extra: 1 } })).status).toBe(400);
  expect((await api("POST", "/verify/citizen", { key: poor.liveKey, body: { nationalId: ids.refused } })).status).toBe(402);
  expect((await api("GET", `/verifications/${ids.inUrl}`, { key: biz.testKey })).status).toBe(404);
  // A client building its Idempotency-Key from the national ID: the request log shows it masked.
  expect((await api("GET", "/verifications", { key: biz.testKey, headers: { "idempotency-key": `kyc-${keyedId}` } })).status).toBe(200);
  // The request log is written in batches about once a second: its entries, before the tests read it.
  await waitFor("the request log's entries", async () => {
    const { rows } = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM request_log_entry WHERE business_id = $1", [biz.businessId]);
    return rows[0]!.n >= 5;
  });
});

describe("national IDs are never stored in clear", () => {
  it("the verification row holds a keyed hash and the last four digits only", async () => {
    const { rows } = await pool().query("SELECT national_id_hash, national_id_last4 FROM verification WHERE id = $1", [liveVerificationId]);
    expect(rows[0]).toEqual({ national_id_hash: hashNationalId(ids.live), national_id_last4: ids.live.slice(-4) });
    expect(rows[0].national_id_hash).not.toContain(ids.live);
  });

  it("no table's rows contain any of the IDs (verifications, outbox, audit, request log, idempotency, …)", async () => {
    const { rows } = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM request_log_entry WHERE business_id = $1", [biz.businessId]);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(4); // the request log really was written
    for (const id of Object.values(ids)) expect(await tablesContaining(id)).toEqual([]);
  });

  it("the request log masks a national ID inside an Idempotency-Key", async () => {
    const { rows } = await pool().query("SELECT idempotency_key FROM request_log_entry WHERE business_id = $1 AND idempotency_key IS NOT NULL AND path = '/api/v1/verifications'", [biz.businessId]);
    expect(rows).toEqual([{ idempotency_key: `kyc-*******${keyedId.slice(-4)}` }]);
    expect(await tablesContaining(keyedId)).toEqual([]);
  });

  it("no table holds the API keys in clear", async () => {
    for (const key of [biz.testKey, biz.liveKey!]) expect(await tablesContaining(key.slice(10))).toEqual([]);
  });

  it("citizen details are not kept with the verification or its events", async () => {
    expect(await tablesContaining(citizenName, ["citizen_record"])).toEqual([]);
  });

  it("the verification_completed event carries the list item only", async () => {
    const { rows } = await pool().query<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM outbox_event WHERE business_id = $1 AND type = 'verification_completed' AND mode = 'live'",
      [biz.businessId],
    );
    expect(rows).toHaveLength(1);
    const payload = rows[0]!.payload;
    expect(Object.keys(payload).sort()).toEqual(["createdAt", "data", "id", "mode", "type"]);
    expect(payload).toMatchObject({ type: "verification_completed", mode: "live" });
    expect(Object.keys(payload.data as object).sort()).toEqual(["channel", "consent", "createdAt", "id", "lawfulBasis", "match", "purpose", "redactedAt", "reference", "result"]);
    expect(payload.data).toMatchObject({ id: liveVerificationId, result: "verified", purpose: "Account opening", channel: "api" });
  });

  it("the app's logs contain no ID and no key", async () => {
    const files = fs.readdirSync(LOG_DIR).filter((f) => f.endsWith(".log"));
    expect(files.length).toBeGreaterThan(0);
    const logs = files.map((f) => fs.readFileSync(path.join(LOG_DIR, f), "utf8")).join("\n");
    expect(logs).toContain('"msg":"request"'); // the app does log requests
    // compare without printing: a failure must not echo the logs (or the secrets) into the test output
    const found = Object.entries({ ...ids, testKey: biz.testKey, liveKey: biz.liveKey!, citizenName }).filter(([, v]) => logs.includes(v));
    expect(found.map(([name]) => name)).toEqual([]);
  });
});
