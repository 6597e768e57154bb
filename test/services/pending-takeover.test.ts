/**
 * A lookup that goes on after its request was answered (product rules §26) completes once whatever
 * happens to the process holding it: stopped (SIGTERM, as a deploy does), it lets the answer land
 * before it exits, and records the call in its gateway figures; killed, a worker takes the lookup over once its lease ends (a gateway simulator
 * holds the killed app's call, so that it cannot answer first), or, past its give-up time, ends it
 * without asking again. On a database of its own: no other
 * file's worker or app may be the one to take it.
 */
import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { createOwnDatabase } from "../support/own-database";
import { createTestBusiness } from "../support/factories";
import { balanceOf } from "../support/queries";
import { api } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { PENDING_LEASE_SECONDS } from "../support/env";
import { pendingWorkers } from "../support/worker-process";
import { waitFor } from "../support/wait-for";
import { startRegistrySimulator, type RegistrySimulator } from "../../registry-simulator/server";
import { DEFAULT_LEVERS } from "../../registry-simulator/levers";
import { freePort } from "../../scripts/lib/free-port";

let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let app: RunningApp | undefined;
let sim: RegistrySimulator | undefined;
const workers = pendingWorkers();

beforeAll(async () => {
  database = await createOwnDatabase("pending_takeover");
});

afterAll(async () => {
  await app?.stop();
  await workers.stopAll();
  await sim?.stop();
  await database?.release();
});

/** Each pending verification's request id, which its lookup's calls carry as X-Request-ID. */
const requestIdOf = new Map<string, string | null>();

/** A respond-async verify whose lookup is still out when its 202 comes at the 1.5 s budget. */
async function pendingIn(target: RunningApp, key: string, nationalId: string): Promise<string> {
  const res = await api("POST", "/verify/citizen", { key, body: { nationalId }, headers: { prefer: "respond-async" }, baseUrl: target.url });
  expect([res.status, res.body.data?.result]).toEqual([202, "pending"]);
  requestIdOf.set(res.body.data.id, res.headers.get("x-request-id"));
  return res.body.data.id;
}

const gatewayOf = (gateway: RegistrySimulator) => ({
  REGISTRY_SOURCE: "gateway",
  REGISTRY_URL: gateway.url,
  REGISTRY_CLIENT_ID: DEFAULT_LEVERS.clientId,
  REGISTRY_CLIENT_SECRET: DEFAULT_LEVERS.clientSecret,
});

const lookupOf = async (id: string) => (await pool().query("SELECT v.result, p.state, p.attempts FROM verification v JOIN pending_lookup p ON p.id = v.id WHERE v.id = $1", [id])).rows;

it("lets the lookup land before it exits when the app holding it is stopped, and records that call for the authority's bill", async () => {
  const biz = await createTestBusiness({ live: true, credits: 5 });
  const gateway = await startRegistrySimulator({ port: await freePort() });
  try {
    // A lease long enough that the held call outlasts no timer of its own on a loaded machine.
    const web = await startApp({ env: { ...gatewayOf(gateway), PENDING_LOOKUP_LEASE_SECONDS: "60" }, name: "vitest-app-pending-stop", processes: 1 });
    // A first verify (another business's) fetches the gateway token and warms the new process.
    const warmUp = await createTestBusiness({ live: true, credits: 1 });
    expect((await api("POST", "/verify/citizen", { key: warmUp.liveKey, body: { nationalId: "11111111111" }, baseUrl: web.url })).status).toBe(200);
    // The gateway holds the lookup past its 202, and answers it only once the stop has begun.
    Object.assign(gateway.levers, { hang: true, releaseAnswers: true });
    const id = await pendingIn(web, biz.liveKey!, "11111111111");
    expect(gateway.held()).toBe(1);
    const stopped = web.stop();
    await waitFor("the stop to begin", () => fs.readFileSync(web.logFile, "utf8").includes('"msg":"web process draining"'));
    await fetch(`${gateway.url}/__admin/levers`, { method: "PATCH", body: JSON.stringify({ hang: false }) });
    await stopped;
    // No worker runs: the stopped app's own call completed it.
    expect(await lookupOf(id)).toEqual([{ result: "verified", state: "resolved", attempts: 1 }]);
    expect(await balanceOf(biz.businessId)).toBe(4);
    // Its figures were flushed on the way out, not lost with the process (they flush every 5 s otherwise).
    expect((await pool().query("SELECT calls FROM registry_call_day WHERE business_id = $1", [biz.businessId])).rows).toEqual([{ calls: 1 }]);
  } finally {
    await gateway.stop();
  }
}, 90_000);

it("completes once when the app holding the lookup is killed: a worker takes it over once the lease ends, or ends it unasked past its give-up time", async () => {
  const biz = await createTestBusiness({ live: true, credits: 5 });
  // A gateway that holds the lookup: the app dies with its call still out, however loaded the machine.
  sim = await startRegistrySimulator({ port: await freePort(), levers: { hang: true } });
  const gateway = gatewayOf(sim);
  app = await startApp({ env: gateway, name: "vitest-app-pending-takeover", processGroup: true });
  const id = await pendingIn(app, biz.liveKey!, "11111111111");
  const abandoned = await pendingIn(app, biz.liveKey!, "11111111111");
  await app.crash();
  app = undefined;
  // Killed before its calls could answer (the gateway holds them): one attempt made each, the
  // lookups still waiting under the dead app's lease.
  const held = await pool().query("SELECT state, attempts FROM pending_lookup WHERE id = ANY($1)", [[id, abandoned]]);
  expect(held.rows).toEqual([{ state: "waiting", attempts: 1 }, { state: "waiting", attempts: 1 }]);
  // The second one's give-up time has come, and its request can no longer be opened (as after a
  // change of the server's secret): its last attempt fails before it settles, and its lease runs out.
  await pool().query("UPDATE pending_lookup SET give_up_at = now(), request = '\\x00'::bytea WHERE id = $1", [abandoned]);
  const callsBefore = sim.counts().requestIds.length;

  await fetch(`${sim.url}/__admin/levers`, { method: "PATCH", body: JSON.stringify({ hang: false }) });
  await workers.start(gateway);
  const settled = async () =>
    (await pool().query("SELECT id, result, credits_used FROM verification WHERE id = ANY($1) AND result <> 'pending' ORDER BY id = $2 DESC", [[id, abandoned], id])).rows;
  // The dead app's lease, then the failed last attempt's.
  await waitFor("both lookups to complete", async () => (await settled()).length === 2, (2 * PENDING_LEASE_SECONDS + 15) * 1000);
  expect(await settled()).toEqual([
    { id, result: "verified", credits_used: 1 },
    { id: abandoned, result: "unavailable", credits_used: 0 },
  ]);
  const { rows } = await pool().query("SELECT attempts, state FROM pending_lookup WHERE id = ANY($1) ORDER BY id = $2 DESC", [[id, abandoned], id]);
  expect(rows).toEqual([
    { attempts: 2, state: "resolved" },
    { attempts: 3, state: "unavailable" },
  ]);
  // The abandoned lookup was never asked again: one call, the other lookup's (named by its request's
  // X-Request-ID, as the gateway saw it).
  expect(sim.counts().requestIds.slice(callsBefore)).toEqual([requestIdOf.get(id)]);
  const events = await pool().query<{ id: string; result: string }>(
    `SELECT payload->'data'->>'id' AS id, payload->'data'->>'result' AS result FROM outbox_event
      WHERE business_id = $1 AND type = 'verification_completed' ORDER BY payload->'data'->>'id' = $2 DESC`,
    [biz.businessId, id],
  );
  expect(events.rows).toEqual([
    { id, result: "verified" },
    { id: abandoned, result: "unavailable" },
  ]);
  const audit = await pool().query("SELECT actor_type FROM audit_log_entry WHERE action = 'verification.completed' AND target_id = $1", [abandoned]);
  expect(audit.rows).toEqual([{ actor_type: "system" }]);
  // The abandoned verification's credit refunded.
  expect(await balanceOf(biz.businessId)).toBe(4);
}, 90_000);
