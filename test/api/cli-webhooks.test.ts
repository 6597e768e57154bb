/**
 * The operator CLI's webhook commands, and `listen`, which forwards a business's events to a local
 * receiver with nothing but an API key. The other commands: test/api/cli.test.ts.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import readline from "node:readline";
import { Webhook } from "standardwebhooks";
import { describe, expect, inject, it } from "vitest";
import { db } from "@/server/db/client";
import { deliverNext } from "@/server/webhooks/deliver-next";
import { systemContext } from "@/server/context";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { api } from "../support/api";
import { bundled } from "../support/bundles";
import { cli, CLI_TEST_TIMEOUT_MS, ok, run } from "../support/cli";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { startReceiver } from "../support/webhook-receiver";
import { waitFor } from "../support/wait-for";

describe("operator CLI: webhooks", () => {
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
 * `listen` as an integrator runs it: no database settings at all, only its flags. Node runs the
 * bundled CLI itself, so that SIGINT reaches the CLI, as Ctrl-C in a terminal does (a tsx wrapper
 * process would relay it, and answer 130 when the relay is slow).
 */
function startListen(args: string[]): Listening {
  const child = spawn(process.execPath, [bundled("cli"), "listen", ...args], {
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
  // A CLI process takes a while to start on a busy machine: wait as long as a test may. The webhook
  // workers of other test files share this database and may deliver it first: it went out either way.
  const due = await waitFor(
    "a delivery due, or delivered",
    () =>
      db().webhookDelivery.findFirst({
        where: { endpointId, OR: [{ status: "pending", nextAttemptAt: { lte: new Date() } }, { status: "succeeded" }] },
      }),
    CLI_TEST_TIMEOUT_MS,
  );
  if (due.status === "pending") await deliverNext({ deliveryId: due.id });
}
