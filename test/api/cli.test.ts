/**
 * The operator CLI (src/cli): JSON on stdout and exit 0 on success; a message on stderr and a
 * non-zero exit on error. Each command calls the same service as the portal and the API.
 */
import { execFile, spawn } from "node:child_process";
import readline from "node:readline";
import { Webhook } from "standardwebhooks";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { db } from "@/server/db/client";
import { deliverNext } from "@/server/webhooks/deliver-next";
import { systemContext } from "@/server/context";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { balanceOf } from "../support/queries";
import { startReceiver } from "../support/webhook-receiver";
import { waitFor } from "../support/wait-for";
import { processTree } from "../support/process-tree";
import { signIn } from "@/server/accounts/sign-in";

type Run = { code: number; stdout: string; stderr: string };

const PASSWORD = "correct horse battery staple";
const TSX = path.resolve("node_modules/.bin/tsx");

/** A CLI run; stdin is closed at once unless `input` is given, and `env` adds to (or, with undefined, removes from) the test's environment. */
function cliWith(options: { env?: Record<string, string | undefined>; input?: string }, ...args: string[]): Promise<Run & { cmdlines: string[] }> {
  return new Promise((resolve) => {
    let cmdlines: string[] = [];
    const child = execFile(
      TSX,
      ["src/cli/main.ts", ...args],
      { env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, HUBI_SECRET: process.env.HUBI_SECRET, ...options.env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr, cmdlines }),
    );
    if (options.input === undefined) return child.stdin!.end();
    // What `ps` would show while the command waits for its password: tsx and the node it starts.
    void waitFor("the CLI's node process", () => {
      const tree = processTree(child.pid!);
      return tree.length >= 2 && tree;
    }).then((tree) => {
      cmdlines = tree.map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "));
      child.stdin!.end(options.input);
    });
  });
}

const cli = (...args: string[]) => cliWith({}, ...args);
const run = (args: string[], env: Record<string, string | undefined> = {}) => cliWith({ env }, ...args);
const withPassword = { env: { HUBI_PASSWORD: PASSWORD } };

/** For a scenario of two CLI processes one after the other (each loads the whole app's code). */
const CLI_TEST_TIMEOUT_MS = 120_000;

function ok(run: Run) {
  expect(run.stderr, run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

describe("operator CLI", () => {
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

  it("webhooks:set-url names the setting http:// needs and shows the secret; webhooks:send-test prints the app's delivery", async () => {
    const receiver = await startReceiver();
    try {
      const biz = await createTestBusiness();
      const scope = ["--business", biz.businessId, "--mode", "test"];
      // This CLI process does not allow http:// receivers; the app it works with (the test stack) does.
      const strict = { WEBHOOK_ALLOW_INSECURE: "false" };
      const [refused, endpoint] = await Promise.all([
        run(["webhooks:set-url", ...scope, "--url", "http://localhost:4000/hooks"], strict),
        cli("webhooks:set-url", ...scope, "--url", receiver.url).then(ok),
      ]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain("WEBHOOK_ALLOW_INSECURE=true");
      expect(refused.stderr).toContain("listen");
      expect(endpoint).toMatchObject({ url: receiver.url, mode: "test", enabled: true, secret: expect.stringMatching(/^whsec_/) });

      // send-test leaves the attempt to the app's webhook workers (here the test stands in for one),
      // so it prints what the app's settings make of the URL, not what this process's would.
      const [sent, badMode] = [run(["webhooks:send-test", ...scope], strict), cli("webhooks:send-test", "--business", biz.businessId, "--mode", "prod")];
      await deliverWhenDue(endpoint.id);
      const delivered = ok(await sent);
      expect(delivered).toMatchObject({ eventType: "webhook_test", status: "succeeded", attempts: [{ statusCode: 200 }] });
      const request = receiver.requests.find((r) => r.headers["webhook-id"] === delivered.eventId)!;
      expect(new Webhook(endpoint.secret).verify(request.body, request.headers)).toMatchObject({ type: "webhook_test" });
      expect((await badMode).stderr).toContain("--mode must be test or live");
    } finally {
      await receiver.close();
    }
  }, CLI_TEST_TIMEOUT_MS);

  it("business:list shows an endpoint a 410 disabled; webhooks:enable re-enables it and the delivery answered 410 goes out again", async () => {
    const receiver = await startReceiver();
    try {
      const name = `CLI Webhooks ${randomUUID()}`;
      const biz = await createTestBusiness({ name });
      const scope = { businessId: biz.businessId, mode: "test" as const };
      await setWebhookUrl(systemContext("cli-test"), { ...scope, url: receiver.url });
      receiver.respond(() => ({ status: 410 }));
      const gone = await sendTestWebhook(systemContext("cli-test"), scope);
      expect(gone).toMatchObject({ status: "pending", attempts: [{ statusCode: 410 }] });

      const listed = ok(await cli("business:list", "--name", name));
      expect(listed).toMatchObject({ total: 1, items: [{ id: biz.businessId, name, webhooks: { test: { enabled: false, disabledReason: "The endpoint answered 410 Gone" }, live: null } }] });
      receiver.respond(() => ({ status: 200 }));
      const enabled = ok(await cli("webhooks:enable", "--business", biz.businessId, "--mode", "test"));
      expect(enabled).toMatchObject({ enabled: true, disabledReason: null });
      await deliverWhenDue(enabled.id);
      await waitFor("the delivery answered 410, sent again", () => receiver.requests.filter((r) => r.headers["webhook-id"] === gone.eventId).length === 2);
    } finally {
      await receiver.close();
    }
  }, CLI_TEST_TIMEOUT_MS);

  it("listen needs only an API key: forwards new events signed, stops on Ctrl-C, and resumes where it stopped, losing and repeating nothing", async () => {
    const receiver = await startReceiver();
    const biz = await createTestBusiness();
    const verify = async () => (await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } })).body.data.id as string;
    const forwardedIds = () => receiver.requests.map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id);
    const first = startListen(["--api-key", biz.testKey, "--base-url", inject("baseUrl"), "--forward-to", receiver.url]);
    let second: Listening | undefined;
    try {
      const started = await first.line((l) => l.listening);
      expect(started).toMatchObject({ mode: "test", forwardTo: receiver.url, secret: expect.stringMatching(/^whsec_/), secretSource: "session" });
      const a = await verify();
      await first.line((l) => l.type === "verification_completed" && l.status === 200);
      const event = new Webhook(started.secret as string).verify(receiver.requests[0]!.body, receiver.requests[0]!.headers);
      expect(event).toMatchObject({ type: "verification_completed", data: { id: a } });
      const stopped = await first.stop();
      expect(stopped).toMatchObject({ code: 0, result: { forwarded: 1, resume: expect.any(String) } });

      // Events raised while it is down come with the next run, after the one already forwarded.
      const b = await verify();
      const c = await verify();
      const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
      second = startListen(["--api-key", biz.testKey, "--base-url", inject("baseUrl"), "--forward-to", receiver.url, "--after", stopped.result.resume as string, "--secret", secret]);
      await waitFor("both events", () => receiver.requests.length >= 3);
      expect(forwardedIds()).toEqual([a, b, c]);
      for (const r of receiver.requests.slice(1)) expect(new Webhook(secret).verify(r.body, r.headers)).toMatchObject({ type: "verification_completed" });
      expect(await second.stop()).toMatchObject({ code: 0, result: { forwarded: 2 } });
      expect(forwardedIds()).toEqual([a, b, c]);
    } finally {
      first.kill();
      second?.kill();
      await receiver.close();
    }
  }, CLI_TEST_TIMEOUT_MS);
});

type Listening = {
  line: (match: (l: Record<string, unknown>) => unknown) => Promise<Record<string, unknown>>;
  /** Ctrl-C; resolves with the exit code and the final result. */
  stop: () => Promise<{ code: number | null; result: Record<string, unknown> }>;
  kill: () => void;
};

/**
 * `listen` as an integrator runs it: no database settings at all, only its flags. Node runs it with
 * tsx as a loader, so that SIGINT reaches the CLI itself, as Ctrl-C in a terminal does (the tsx
 * wrapper process would relay it, and answer 130 when the relay is slow).
 */
function startListen(args: string[]): Listening {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "listen", ...args], {
    env: { ...process.env, DATABASE_URL: "", HUBI_SECRET: "", EMBEDDED_PG_PORT: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: Record<string, unknown>[] = [];
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line.startsWith("{") && line.endsWith("}")) lines.push(JSON.parse(line));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    line: (match) => waitFor(`listen to print a matching line (stderr: ${stderr})`, () => lines.find(match), CLI_TEST_TIMEOUT_MS / 2),
    async stop() {
      child.kill("SIGINT");
      const code = await exited;
      expect(stderr).toBe("");
      return { code, result: JSON.parse(stdout.slice(stdout.lastIndexOf("\n{\n") + 1)) };
    },
    kill: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** What a webhook worker does: attempts the endpoint's due delivery (unless another worker already has). */
async function deliverWhenDue(endpointId: string): Promise<void> {
  // A CLI process takes a while to start on a busy machine: wait as long as a test may.
  const due = await waitFor(
    "a delivery due",
    () => db().webhookDelivery.findFirst({ where: { endpointId, status: "pending", nextAttemptAt: { lte: new Date() } } }),
    CLI_TEST_TIMEOUT_MS,
  );
  await deliverNext({ deliveryId: due.id });
}
