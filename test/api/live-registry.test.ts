/**
 * The production registry (product rules §3, §11, §12): CSV import with a per-row report, idempotent
 * re-import, live outcomes from the loaded records, and test keys that never touch them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { hashNationalId } from "@/server/crypto/secrets";
import { importCitizens, type ImportReport } from "@/server/registry/import-citizens";
import { AppError } from "@/server/errors";
import { sandboxRegistry } from "@/server/registry/sandbox";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";

const ctx = () => systemContext("registry-test");
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const ids = { active: uniqueNationalId(), expired: uniqueNationalId(), revoked: uniqueNationalId(), expiresToday: uniqueNationalId() };

const HEADER = "national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status";
const csv = (activeName = "Hodan Warsame Farah") =>
  [
    HEADER, // line 1
    `${ids.active},"${activeName}",1988-02-29,2018-05-10,${day(3650)},active`, // 2
    `${ids.expired},Yusuf Ali Nur,1975-07-01,2015-01-01,${day(-1)},active`, // 3
    `${ids.revoked},"Asha ""Ayo"" Jama",1992-11-30,2020-03-03,${day(3650)},revoked`, // 4
    `${ids.expiresToday},"Omar, Mahad Egal",2000-01-01,2019-01-01,${day(0)},active`, // 5
    `1234567890,Ten Digits,1990-01-01,2015-01-01,2030-01-01,active`, // 6
    `${uniqueNationalId()},Bad Date,1990-13-01,2015-01-01,2030-01-01,active`, // 7
    `${uniqueNationalId()},Bad Status,1990-01-01,2015-01-01,2030-01-01,stolen`, // 8
    `${ids.active},Duplicate Row,1990-01-01,2015-01-01,2030-01-01,active`, // 9
    `${uniqueNationalId()},Expiry Before Issue,1990-01-01,2015-01-01,2014-12-31,active`, // 10
  ].join("\n") + "\n";

const EXPECTED_REJECTIONS: ImportReport["rejected"] = [
  { line: 6, reason: "national_id must be exactly 11 digits" },
  { line: 7, reason: "date_of_birth must be a date as YYYY-MM-DD" },
  { line: 8, reason: "status must be active or revoked" },
  { line: 9, reason: "duplicate of line 2 in this file" },
  { line: 10, reason: "date_of_expiry is before date_of_issue" },
];

async function storedRecords() {
  const hashes = Object.values(ids).map(hashNationalId);
  const { rows } = await pool().query(
    `SELECT national_id_hash, full_name, date_of_birth::text, date_of_issue::text, date_of_expiry::text, status
       FROM citizen_record WHERE national_id_hash = ANY($1) ORDER BY national_id_hash`,
    [hashes],
  );
  return rows;
}

let biz: TestBusiness;
let firstReport: ImportReport;
beforeAll(async () => {
  biz = await createTestBusiness({ live: true, credits: 100 });
  firstReport = await importCitizens(ctx(), { csv: csv() });
});

const liveVerify = (nationalId: string) => api("POST", "/verify/citizen", { key: biz.liveKey, body: { nationalId } });

describe("importCitizens", () => {
  it("accepts the valid rows and reports each bad row with its line number", () => {
    expect(firstReport).toEqual({ accepted: 4, rejected: EXPECTED_REJECTIONS });
  });

  it("stores records under the keyed hash of the ID, never the ID itself", async () => {
    const rows = await storedRecords();
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(Object.values(ids).join("|")));
  });

  it("is idempotent: re-importing the same file changes nothing; a corrected file updates the record", async () => {
    const before = await storedRecords();
    expect(await importCitizens(ctx(), { csv: csv() })).toEqual(firstReport);
    expect(await storedRecords()).toEqual(before);

    await importCitizens(ctx(), { csv: csv("Hodan Warsame Osman") });
    expect((await liveVerify(ids.active)).body.citizen.fullName).toBe("Hodan Warsame Osman");
    await importCitizens(ctx(), { csv: csv() });
    expect((await liveVerify(ids.active)).body.citizen.fullName).toBe("Hodan Warsame Farah");
  });

  it("previews an import (dryRun) with the same report, writing nothing", async () => {
    const before = await storedRecords();
    expect(await importCitizens(ctx(), { csv: csv("Preview Only Name"), dryRun: true })).toEqual(firstReport);
    expect(await storedRecords()).toEqual(before);
  });

  it("rejects a file without the required columns", async () => {
    const attempt = importCitizens(ctx(), { csv: "national_id,full_name\n12345678901,X\n" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toThrow("The CSV header is missing: date_of_birth, date_of_issue, date_of_expiry, status");
  });
});

describe("live verify against the registry", () => {
  it("verified, with the record's citizen details", async () => {
    const res = await liveVerify(ids.active);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Citizen verified",
      data: { result: "verified", creditsUsed: 1 },
      citizen: { fullName: "Hodan Warsame Farah", dateOfBirth: "1988-02-29", dateOfIssue: "2018-05-10" },
    });
  });

  it("a card expiring today is still verified", async () => {
    const res = await liveVerify(ids.expiresToday);
    expect(res.body).toMatchObject({ data: { result: "verified" }, citizen: { fullName: "Omar, Mahad Egal" } });
  });

  it.each([
    ["not_found", () => uniqueNationalId(), "No citizen record matches this national ID"],
    ["expired", () => ids.expired, "This national ID card has expired"],
    ["revoked", () => ids.revoked, "This national ID card has been revoked"],
  ])("%s, with citizen null", async (result, id, message) => {
    const res = await liveVerify(id());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message, data: { result }, citizen: null });
  });

  it("the sandbox magic IDs mean nothing in live mode", async () => {
    const res = await liveVerify("44444444444");
    expect(res.body.data.result).toBe("not_found");
  });

  it("test keys never use the registry: an imported revoked ID is sandbox-verified, with a generated citizen", async () => {
    for (const nationalId of [ids.revoked, ids.active]) {
      const res = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId } });
      expect(res.body.data.result).toBe("verified");
      expect(res.body.citizen).toEqual((await sandboxRegistry.lookup(nationalId)).citizen);
      expect(res.body.citizen.fullName).not.toContain("Ayo");
    }
  });
});
