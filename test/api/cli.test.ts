/**
 * The operator CLI (src/cli): JSON on stdout and exit 0 on success; a message on stderr and a
 * non-zero exit on error. Each command calls the same service as the portal and the API. The
 * webhook commands and `listen`: test/api/cli-webhooks.test.ts.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { signIn } from "@/server/accounts/sign-in";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { balanceOf } from "../support/queries";
import { cli, CLI_TEST_TIMEOUT_MS, cliWith, ok, PASSWORD, withPassword } from "../support/cli";

describe("operator CLI", { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it("refuses --password with the reason, and creates nothing", async () => {
    const email = `cli-${randomUUID()}@example.test`;
    const refused = await cli("admin:create", "--email", email, "--password", PASSWORD);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--password is not accepted: the command line is visible to other users (ps) and kept in the shell history.");
    expect(await db().user.findUnique({ where: { email } })).toBeNull();
  });

  it("business:create (password piped on stdin, in no process's arguments) → keys:create → the key works → credits:grant → keys:revoke → the key gets 401", async () => {
    const email = `cli-${randomUUID()}@example.test`;
    const run = await cliWith({ input: `${PASSWORD}\n` }, "business:create", "--name", "CLI Business", "--email", email, "--approve-live");
    const created = ok(run);
    expect(created).toEqual({ businessId: expect.any(String), userId: expect.any(String) });
    expect(run.cmdlines.join("\n")).toContain("business:create");
    expect(run.cmdlines.join("\n")).not.toContain(PASSWORD);
    expect((await signIn({ email, password: PASSWORD })).ok).toBe(true);

    const key = ok(await cli("keys:create", "--business", created.businessId, "--mode", "test", "--name", "ci"));
    expect(key).toMatchObject({ id: expect.any(String), mode: "test", expiresAt: null });
    expect(key.key).toMatch(/^hubi_test_[0-9A-Za-z]{49}$/);
    const verify = () => api("POST", "/verify/citizen", { key: key.key, body: { nationalId: uniqueNationalId() } });
    expect((await verify()).status).toBe(200);

    expect(ok(await cli("credits:grant", "--business", created.businessId, "--amount", "25", "--note", "cli test"))).toEqual({ balance: 25 });
    expect(await balanceOf(created.businessId)).toBe(25);

    const revoked = ok(await cli("keys:revoke", "--id", key.id));
    expect(revoked).toMatchObject({ id: key.id, revokedAt: expect.any(String) });
    const after = await verify();
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("This API key has been revoked.");
  });

  it("registry:import prints the per-row report; audit:verify exits 0", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-cli-"));
    const file = path.join(dir, "citizens.csv");
    fs.writeFileSync(
      file,
      "national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status\r\n" +
        `${uniqueNationalId()},Cli Citizen,1990-01-01,2015-01-01,2035-01-01,active\r\n` +
        "123,Bad Id,1990-01-01,2015-01-01,2035-01-01,active\r\n",
    );
    try {
      const [imported, audit] = await Promise.all([cli("registry:import", file), cli("audit:verify")]);
      expect(ok(imported)).toEqual({ accepted: 1, rejected: [{ line: 3, reason: "national_id must be exactly 11 digits" }] });
      expect(ok(audit)).toMatchObject({ ok: true, entries: expect.any(Number) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("audit:checkpoint → audit:export-checkpoint → audit:verify --checkpoint accepts the file and refuses an altered one", async () => {
    const written = ok(await cli("audit:checkpoint"));
    expect(written).toEqual({ checkpoint: expect.any(Number) });
    const exported = ok(await cli("audit:export-checkpoint"));
    expect(exported).toMatchObject({ chain: "checkpoint", seq: expect.any(Number), headsHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(exported.seq).toBeGreaterThanOrEqual(written.checkpoint);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-cli-"));
    try {
      const file = path.join(dir, "checkpoint.json");
      fs.writeFileSync(file, JSON.stringify(exported));
      expect(ok(await cli("audit:verify", "--checkpoint", file))).toMatchObject({ ok: true });
      fs.writeFileSync(file, JSON.stringify({ ...exported, headsHash: "0".repeat(64) }));
      const refused = await cli("audit:verify", "--checkpoint", file);
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, reason: expect.stringContaining("does not match its own digest") });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("retention:run redacts what is past the business's retention period", async () => {
    const biz = await createTestBusiness();
    const res = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId(), purpose: "Old" } });
    await db().verification.update({ where: { id: res.body.data.id }, data: { createdAt: new Date(Date.now() - 6 * 366 * 86_400_000) } });
    // The app's own maintenance pass may get there first: the outcome, not the count, is what is certain.
    expect(ok(await cli("retention:run"))).toEqual({ redacted: expect.any(Number) });
    expect(await db().verification.findUniqueOrThrow({ where: { id: res.body.data.id } })).toMatchObject({ purpose: null, nationalIdLast4: null, redactedAt: expect.any(Date) });
  });

  it("keys:create --scope makes a read_only or match_only key and refuses an unknown scope", async () => {
    const biz = ok(await cliWith(withPassword, "business:create", "--name", "CLI Scopes", "--email", `cli-${randomUUID()}@example.test`));
    const readOnly = ok(await cli("keys:create", "--business", biz.businessId, "--mode", "test", "--scope", "read_only"));
    expect(readOnly.scope).toBe("read_only");
    expect((await api("POST", "/verify/citizen", { key: readOnly.key, body: { nationalId: "11111111111" } })).status).toBe(403);
    const matchOnly = ok(await cli("keys:create", "--business", biz.businessId, "--mode", "test", "--scope", "match_only"));
    expect((await api("POST", "/verify/citizen", { key: matchOnly.key, body: { nationalId: "11111111111" } })).body.citizen).toBeNull();
    const bad = await cli("keys:create", "--business", biz.businessId, "--mode", "test", "--scope", "admin");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("scope");
  });

  it("business:update changes plan and rate limit as the admin console does, audited, and refuses bad values", async () => {
    const biz = ok(await cliWith(withPassword, "business:create", "--name", "CLI Update", "--email", `cli-${randomUUID()}@example.test`));
    const updated = ok(await cli("business:update", "--business", biz.businessId, "--plan", "enterprise", "--rate-limit", "600"));
    expect(updated).toEqual({ businessId: biz.businessId, plan: "enterprise", rateLimitPerMinute: 600 });
    const row = await db().business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect({ plan: row.plan, limit: row.rateLimitPerMinute }).toEqual({ plan: "enterprise", limit: 600 });
    const audited = await db().auditLogEntry.findMany({ where: { businessId: biz.businessId, action: { in: ["business.plan_changed", "business.rate_limit_changed"] } } });
    expect(audited.map((a) => a.action).sort()).toEqual(["business.plan_changed", "business.rate_limit_changed"]);

    const tooLow = await cli("business:update", "--business", biz.businessId, "--rate-limit", "5");
    expect(tooLow.code).not.toBe(0);
    expect(tooLow.stderr).toContain("The limit cannot go below the default of 60");
    const badPlan = await cli("business:update", "--business", biz.businessId, "--plan", "gold", "--rate-limit", "700");
    expect(badPlan.code).not.toBe(0);
    expect((await db().business.findUniqueOrThrow({ where: { id: biz.businessId } })).rateLimitPerMinute).toBe(600);
    expect((await cli("business:update", "--business", biz.businessId)).stderr).toContain("Give --plan, --rate-limit or both");
  });

  it("errors go to stderr with a non-zero exit", async () => {
    const [unknown, missingFlag, missingFile, liveWithoutAccess, badFlag] = await Promise.all([
      cli("nope:nothing"),
      cli("keys:create", "--mode", "test"),
      cli("registry:import"),
      (async () => {
        const biz = ok(await cliWith(withPassword, "business:create", "--name", "No Live", "--email", `cli-${randomUUID()}@example.test`));
        return cli("keys:create", "--business", biz.businessId, "--mode", "live");
      })(),
      cli("credits:grant", "--business", randomUUID(), "--amount", "ten"),
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("Unknown command 'nope:nothing'.");
    expect(unknown.stderr).toContain("keys:create");
    expect(unknown.stdout).toBe("");

    expect(missingFlag.code).not.toBe(0);
    expect(missingFlag.stderr).toBe("Error: --business is required\n");
    expect(missingFlag.stdout).toBe("");

    expect(missingFile.code).not.toBe(0);
    expect(missingFile.stderr).toContain("Name the CSV file");

    expect(liveWithoutAccess.code).not.toBe(0);
    expect(liveWithoutAccess.stderr).toContain("Live keys can be created once live access is approved");
    expect(liveWithoutAccess.stdout).toBe("");

    expect(badFlag.code).not.toBe(0);
    expect(badFlag.stderr).toContain("--amount must be a whole number");
  });
});
