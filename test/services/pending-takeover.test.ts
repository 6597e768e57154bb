/**
 * A lookup that goes on after its request was answered (product rules §26) completes once whatever
 * happens to the process holding it: stopped (SIGTERM, as a deploy does), it lets the answer land
 * before it exits; killed, a worker takes the lookup over once its lease ends. On a database of its
 * own: no other file's worker or app may be the one to take it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { createOwnDatabase } from "../support/own-database";
import { createTestBusiness } from "../support/factories";
import { seedCitizens } from "../support/batches";
import { balanceOf } from "../support/queries";
import { api } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { PENDING_LEASE_SECONDS, SLOW_IDS } from "../support/env";
import { pendingWorkers } from "../support/worker-process";
import { waitFor } from "../support/wait-for";

let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let app: RunningApp | undefined;
const workers = pendingWorkers();

beforeAll(async () => {
  database = await createOwnDatabase("pending_takeover");
  await seedCitizens([{ nationalId: SLOW_IDS.hung }]);
});

afterAll(async () => {
  await app?.stop();
  await workers.stopAll();
  await database?.release();
});

/** A respond-async verify of the hung ID, which answers after 5 s: the 202 comes at the 1.5 s budget, the app's own call still out. */
async function pendingIn(target: RunningApp, key: string): Promise<string> {
  const res = await api("POST", "/verify/citizen", { key, body: { nationalId: SLOW_IDS.hung }, headers: { prefer: "respond-async" }, baseUrl: target.url });
  expect([res.status, res.body.data?.result]).toEqual([202, "pending"]);
  return res.body.data.id;
}

const lookupOf = async (id: string) => (await pool().query("SELECT v.result, p.state, p.attempts FROM verification v JOIN pending_lookup p ON p.id = v.id WHERE v.id = $1", [id])).rows;

it("lets the lookup land before it exits when the app holding it is stopped", async () => {
  const biz = await createTestBusiness({ live: true, credits: 5 });
  const web = await startApp({ env: {}, name: "vitest-app-pending-stop", processes: 1 });
  const id = await pendingIn(web, biz.liveKey!);
  await web.stop();
  // No worker runs: the stopped app's own call completed it.
  expect(await lookupOf(id)).toEqual([{ result: "verified", state: "resolved", attempts: 1 }]);
  expect(await balanceOf(biz.businessId)).toBe(4);
}, 90_000);

it("completes once when the app holding the lookup is killed: a worker takes it over once the lease ends", async () => {
  const biz = await createTestBusiness({ live: true, credits: 5 });
  app = await startApp({ env: {}, name: "vitest-app-pending-takeover", processGroup: true });
  const id = await pendingIn(app, biz.liveKey!);
  await app.crash();
  app = undefined;
  // Killed before its call answered: the lookup is still the dead app's, leased, one attempt made.
  const held = await pool().query("SELECT state, attempts FROM pending_lookup WHERE id = $1 AND leased_until > now()", [id]);
  expect(held.rows).toEqual([{ state: "waiting", attempts: 1 }]);

  await workers.start();
  await waitFor(
    "the lookup to complete",
    async () => (await pool().query("SELECT 1 FROM verification WHERE id = $1 AND result = 'verified'", [id])).rows.length === 1,
    (PENDING_LEASE_SECONDS + 15) * 1000,
  );
  const { rows } = await pool().query("SELECT attempts, state FROM pending_lookup WHERE id = $1", [id]);
  expect(rows).toEqual([{ attempts: 2, state: "resolved" }]);
  const events = await pool().query<{ result: string }>(
    "SELECT payload->'data'->>'result' AS result FROM outbox_event WHERE business_id = $1 AND type = 'verification_completed' AND payload->'data'->>'id' = $2",
    [biz.businessId, id],
  );
  expect(events.rows).toEqual([{ result: "verified" }]);
  expect(await balanceOf(biz.businessId)).toBe(4);
}, 90_000);
