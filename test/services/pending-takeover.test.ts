/**
 * A background lookup (product rules §21) completes once when the worker holding it is killed:
 * another worker takes it over once its lease ends. On a database of its own: the test kills the
 * worker that holds the lookup, so no other file's pending worker may be the one to take it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { verifyCitizen } from "@/server/verifications/verify-citizen";
import { createOwnDatabase } from "../support/own-database";
import { memberContext } from "../support/contexts";
import { createTestBusiness } from "../support/factories";
import { seedCitizens } from "../support/batches";
import { balanceOf } from "../support/queries";
import { PENDING_LEASE_SECONDS, SLOW_IDS } from "../support/env";
import { pendingWorkers } from "../support/worker-process";
import { waitFor } from "../support/wait-for";

let database: Awaited<ReturnType<typeof createOwnDatabase>>;
const workers = pendingWorkers();

beforeAll(async () => {
  database = await createOwnDatabase("pending_takeover");
  await seedCitizens([{ nationalId: SLOW_IDS.slow }]);
});

afterAll(async () => {
  await workers.stopAll();
  await database?.release();
});

it("completes once when the worker holding the lookup is killed: another worker takes it over", async () => {
  const biz = await createTestBusiness({ live: true, credits: 5 });
  // The slow ID answers after 2.5 s, past a respond-async caller's budget: 202 pending.
  const { body, status } = await verifyCitizen(memberContext(biz), {
    businessId: biz.businessId,
    mode: "live",
    channel: "api",
    nationalId: SLOW_IDS.slow,
    respondAsync: true,
  });
  expect([status, body.data.result]).toEqual([202, "pending"]);
  const { id } = body.data;

  const first = await workers.start();
  await waitFor("the first worker to take the lookup", async () => {
    const { rows } = await pool().query("SELECT 1 FROM pending_lookup WHERE id = $1 AND attempts = 1 AND leased_until > now()", [id]);
    return rows.length === 1;
  });
  await first.kill();
  await workers.start();
  await waitFor(
    "the lookup to complete",
    async () => (await pool().query("SELECT 1 FROM verification WHERE id = $1 AND result = 'verified'", [id])).rows.length === 1,
    (PENDING_LEASE_SECONDS + 10) * 1000,
  );
  const { rows } = await pool().query("SELECT attempts, state FROM pending_lookup WHERE id = $1", [id]);
  expect(rows).toEqual([{ attempts: 2, state: "resolved" }]);
  const events = await pool().query<{ result: string }>(
    "SELECT payload->'data'->>'result' AS result FROM outbox_event WHERE business_id = $1 AND type = 'verification_completed' AND payload->'data'->>'id' = $2",
    [biz.businessId, id],
  );
  expect(events.rows).toEqual([{ result: "verified" }]);
  expect(await balanceOf(biz.businessId)).toBe(4);
}, 60_000);
