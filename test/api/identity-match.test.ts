/**
 * Identity match (product rules §16) and key scopes (§17) through the real server: every outcome
 * in the sandbox and against the loaded registry, validation, replay and conflict, the three key
 * scopes, and no trace of the claimed name in any table or log.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { createApiKey } from "@/server/keys/create-api-key";
import { importCitizens } from "@/server/registry/import-citizens";
import { api } from "../support/api";
import { LOG_DIR } from "../support/app";
import { openOwnerPool } from "../support/owner-db";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";

const ctx = () => systemContext("identity-match-test");
const owner = openOwnerPool();
const SAMPLE = "11111111111"; // the sandbox's Amina Hassan Abdi, born 1990-04-12

let biz: TestBusiness;
beforeAll(async () => {
  biz = await createTestBusiness();
});

const verify = (body: unknown, key = biz.testKey, headers: Record<string, string> = {}) =>
  api("POST", "/verify/citizen", { key, body, headers });

describe("identity match in the sandbox", () => {
  it.each([
    ["Aamina Xasan Cabdi", "match"],
    ["AMINA  hassan abdi", "match"],
    ["Amina Hassan", "partial_match"],
    ["Amina Hussein Abdi", "no_match"],
    ["Amina Abdi Hassan", "no_match"],
  ])("compares %s with the registry name: %s", async (fullName, result) => {
    const res = await verify({ nationalId: SAMPLE, match: { fullName } });
    expect(res.status).toBe(200);
    expect(res.body.match).toEqual({ fullName: { result, score: expect.any(Number) } });
    expect(res.body.match.fullName.score).toBeGreaterThanOrEqual(0);
    expect(res.body.match.fullName.score).toBeLessThanOrEqual(1);
    expect(res.body.data.match).toEqual(res.body.match);
  });

  it("compares the date of birth", async () => {
    const right = await verify({ nationalId: SAMPLE, match: { dateOfBirth: "1990-04-12" } });
    const wrong = await verify({ nationalId: SAMPLE, match: { dateOfBirth: "1990-12-04" } });
    expect(right.body.match).toEqual({ dateOfBirth: { result: "match" } });
    expect(wrong.body.match).toEqual({ dateOfBirth: { result: "no_match" } });
  });

  it("answers match: null when nothing was sent to match or the ID is not verified", async () => {
    expect((await verify({ nationalId: SAMPLE })).body.match).toBeNull();
    for (const nationalId of ["22222222222", "33333333333", "44444444444"]) {
      const res = await verify({ nationalId, match: { fullName: "Amina Hassan Abdi" } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ citizen: null, match: null, data: { match: null } });
    }
  });

  it("keeps only the results in the history", async () => {
    const res = await verify({ nationalId: SAMPLE, match: { fullName: "Amina Hassan", dateOfBirth: "1990-04-12" } });
    const stored = await api("GET", `/verifications/${res.body.data.id}`, { key: biz.testKey });
    expect(stored.body.data.match).toEqual({ fullName: { result: "partial_match", score: res.body.match.fullName.score }, dateOfBirth: { result: "match" } });
  });
});

describe("identity match validation", () => {
  it.each([
    [{}, "match", "match needs fullName, dateOfBirth or both"],
    [{ fullName: "  " }, "match.fullName", "fullName must not be empty"],
    [{ fullName: "x".repeat(201) }, "match.fullName", "fullName must be at most 200 characters"],
    [{ fullName: 42 }, "match.fullName", "fullName must be a string"],
    [{ dateOfBirth: "12/04/1990" }, "match.dateOfBirth", "dateOfBirth must be a date as YYYY-MM-DD"],
    [{ fullName: "Amina", nationality: "SO" }, "match.nationality", "Unknown field 'nationality'"],
  ])("refuses match %j with an error on %s", async (match, field, message) => {
    const res = await verify({ nationalId: SAMPLE, match });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: "failed", code: "BAD_REQUEST" });
    expect(res.body.errors).toContainEqual({ field, message });
  });
});

describe("identity match and idempotency", () => {
  it("replays the same match and refuses another match under the same key", async () => {
    const key = `match-${uniqueNationalId()}`;
    const body = { nationalId: SAMPLE, match: { fullName: "Amina Hassan Abdi" } };
    const first = await verify(body, biz.testKey, { "Idempotency-Key": key });
    const replay = await verify(body, biz.testKey, { "Idempotency-Key": key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.match).toEqual(first.body.match);
    const other = await verify({ ...body, match: { fullName: "Someone Else Entirely" } }, biz.testKey, { "Idempotency-Key": key });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe("This Idempotency-Key was already used with a different request payload.");
  });
});

describe("key scopes", () => {
  it("a match_only key learns whether the claim is right, never the citizen's details", async () => {
    const { key } = await createApiKey(ctx(), { businessId: biz.businessId, mode: "test", scope: "match_only" });
    const res = await verify({ nationalId: SAMPLE, match: { fullName: "Amina Hassan Abdi" } }, key);
    expect(res.status).toBe(200);
    expect(res.body.citizen).toBeNull();
    expect(res.body.match.fullName.result).toBe("match");
    expect((await verify({ nationalId: SAMPLE }, key)).body.citizen).toBeNull();
  });

  it("a read_only key lists and retrieves but cannot verify", async () => {
    const { key } = await createApiKey(ctx(), { businessId: biz.businessId, mode: "test", scope: "read_only" });
    const refused = await verify({ nationalId: SAMPLE }, key);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("read-only") });
    const list = await api("GET", "/verifications?limit=1", { key });
    expect(list.status).toBe(200);
    expect((await api("GET", `/verifications/${list.body.data[0].id}`, { key })).status).toBe(200);
  });

  it("a full key sees the citizen as before", async () => {
    const res = await verify({ nationalId: SAMPLE, match: { fullName: "Amina Hassan Abdi" } });
    expect(res.body.citizen).toEqual({ fullName: "Amina Hassan Abdi", dateOfBirth: "1990-04-12", dateOfIssue: "2019-06-01" });
  });
});

describe("identity match in live mode, against the loaded registry", () => {
  const nationalId = uniqueNationalId();
  let live: TestBusiness;
  beforeAll(async () => {
    live = await createTestBusiness({ live: true, credits: 10 });
    const csv = `national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status\n${nationalId},Xaashi Cabdisalaan Yaasiin,1985-03-09,2019-01-01,2039-01-01,active\n`;
    await importCitizens(ctx(), { csv });
  });

  it.each([
    ["Hashi Abdisalam Yassin", "match"],
    ["هاشي عبد السلام ياسين", "match"],
    ["Hashi Abdisalan", "partial_match"],
    ["Hashim Abdisalan Yasin", "no_match"],
  ])("compares %s with the registry's Somali spelling: %s", async (fullName, result) => {
    const res = await verify({ nationalId, match: { fullName, dateOfBirth: "1985-03-09" } }, live.liveKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ creditDeducted: true, data: { result: "verified", creditsUsed: 1 } });
    expect(res.body.match).toEqual({ fullName: { result, score: expect.any(Number) }, dateOfBirth: { result: "match" } });
  });
});

describe("the claimed name is never stored or logged", () => {
  const CLAIMED = "Quorvexa Plintharo Zumbeldt";
  let verificationId: string;
  beforeAll(async () => {
    const res = await verify({ nationalId: SAMPLE, match: { fullName: CLAIMED, dateOfBirth: "1911-11-11" } }, biz.testKey, {
      "Idempotency-Key": `claimed-${uniqueNationalId()}`,
    });
    expect(res.status).toBe(200);
    verificationId = res.body.data.id;
  });

  it("is in no table", async () => {
    // As the schema's owner: the app's own role cannot read every table.
    const { rows: tables } = await owner.query<{ name: string }>("SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'");
    expect(tables.length).toBeGreaterThan(10);
    for (const { name } of tables) {
      const { rows } = await owner.query(`SELECT count(*)::int AS n FROM ${name} t WHERE t::text ILIKE '%plintharo%' OR t::text LIKE '%1911-11-11%'`);
      expect({ table: name, rows: rows[0].n }).toEqual({ table: name, rows: 0 });
    }
    const { rows } = await pool().query("SELECT match FROM verification WHERE id = $1", [verificationId]);
    expect(rows[0].match).toEqual({ fullName: { result: "no_match", score: expect.any(Number) }, dateOfBirth: { result: "no_match" } });
  });

  it("is in no log line of the server", () => {
    const logs = fs.readdirSync(LOG_DIR).map((f) => fs.readFileSync(path.join(LOG_DIR, f), "utf8"));
    expect(logs.join("\n")).toContain('"route":"/api/v1/verify/citizen"'); // the server's request lines were read
    for (const text of logs) {
      expect(text.toLowerCase()).not.toContain("plintharo");
      expect(text).not.toContain("1911-11-11");
    }
  });
});
