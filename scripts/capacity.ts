/**
 * `npm run capacity`: the measured figures behind the capacity model in docs/operations.md. On a
 * fresh embedded PostgreSQL, live verification history grows in steps (CAPACITY_STEP rows, default
 * 100,000, spread over 20 businesses and four years; CAPACITY_STEPS steps, default 2); after each
 * step it reports the table's and each index's bytes per row, the history queries' time, and the
 * daily redaction's time for the same number of rows past retention (CAPACITY_DUE, default 5,000),
 * so that growth with table size shows, or does not.
 */
import { startTestDatabase } from "../test/support/database";
import { appEnv } from "../test/support/env";

const STEP = Number(process.env.CAPACITY_STEP || 100_000);
const STEPS = Number(process.env.CAPACITY_STEPS || 2);
const DUE = Number(process.env.CAPACITY_DUE || 5_000);
const BUSINESSES = 20;
const REPEAT = 30;

async function main() {
  const database = await startTestDatabase();
  Object.assign(process.env, appEnv(database.url), { LOG_LEVEL: "warn" });
  const { pool, disconnect } = await import("@/server/db/client");
  const { seedBusiness } = await import("./lib/bench-seed");
  const { listVerifications } = await import("@/server/verifications/list-verifications");
  const { applyRetention } = await import("@/server/data-protection/apply-retention");
  const { systemContext } = await import("@/server/context");
  try {
    const businesses: string[] = [];
    for (let i = 0; i < BUSINESSES; i++) businesses.push((await seedBusiness(`Capacity Bank ${i}`)).businessId);
    await disconnect();
    const perBusiness = Math.ceil(STEP / BUSINESSES);
    const duePerBusiness = Math.ceil(DUE / BUSINESSES);
    console.log(`${BUSINESSES} businesses; each step adds ${STEP.toLocaleString("en")} live verifications and ${DUE.toLocaleString("en")} past retention\n`);
    for (let step = 1; step <= STEPS; step++) {
      for (const businessId of businesses) await insertHistory(pool(), businessId, perBusiness, duePerBusiness);
      await pool().query("VACUUM ANALYZE verification");
      const rows = (await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM verification")).rows[0]!.n;
      const sizes = await pool().query<{ name: string; bytes: number }>(
        `SELECT 'table (heap + TOAST)' AS name, (pg_table_size('verification'))::float8 AS bytes
         UNION ALL SELECT indexrelname, pg_relation_size(indexrelid)::float8 FROM pg_stat_user_indexes WHERE relname = 'verification'`,
      );
      const ctx = systemContext("capacity");
      const businessId = businesses[step % BUSINESSES]!;
      const history = {
        page1: await timed(() => listVerifications(ctx, { businessId, mode: "live", page: 1, limit: 20 })),
        page500: await timed(() => listVerifications(ctx, { businessId, mode: "live", page: 200, limit: 20 })),
        filtered: await timed(() => listVerifications(ctx, { businessId, mode: "live", result: "not_found", from: new Date(Date.now() - 365 * 86_400_000) })),
      };
      const started = performance.now();
      const redacted = await applyRetention();
      const redactMs = performance.now() - started;
      console.log(`after step ${step}: ${rows.toLocaleString("en")} rows`);
      for (const s of sizes.rows) console.log(`  ${s.name.padEnd(48)} ${(s.bytes / 2 ** 20).toFixed(1).padStart(8)} MB ${(s.bytes / rows).toFixed(0).padStart(6)} B/row`);
      const total = sizes.rows.reduce((sum, s) => sum + s.bytes, 0);
      console.log(`  ${"all".padEnd(48)} ${(total / 2 ** 20).toFixed(1).padStart(8)} MB ${(total / rows).toFixed(0).padStart(6)} B/row`);
      console.log(`  history (median of ${REPEAT}): page 1 ${history.page1.toFixed(2)} ms, page 200 ${history.page500.toFixed(2)} ms, result+from filter ${history.filtered.toFixed(2)} ms`);
      console.log(`  retention: ${redacted.toLocaleString("en")} rows redacted in ${redactMs.toFixed(0)} ms (${((redactMs / redacted) * 1_000_000 / 1000).toFixed(0)} s per million)\n`);
    }
  } finally {
    await disconnect();
    await database.stop();
  }
}

/** `n` live verifications over the last four years and `due` more six years old (past the default five-year retention). */
async function insertHistory(client: import("pg").Pool, businessId: string, n: number, due: number) {
  await client.query(
    `WITH base AS (SELECT live_verification_count AS c FROM business WHERE id = $1)
     INSERT INTO verification (id, business_id, mode, seq, reference, result, purpose, channel, national_id_hash,
                               national_id_last4, credits_used, request_id, created_at)
     SELECT gen_random_uuid(), $1::uuid, 'live', base.c + g, 'HV-CAP-' || substr(md5($1 || (base.c + g)::text), 1, 12),
            (ARRAY['verified','verified','verified','not_found','expired','revoked'])[1 + g % 6]::"VerificationResult",
            'Account opening', 'api', encode(sha256(('id' || g)::bytea), 'hex'), lpad((g % 10000)::text, 4, '0'), 1, 'capacity',
            CASE WHEN g <= $3 THEN now() - interval '6 years' - (g * interval '1 second')
                 ELSE now() - (random() * interval '4 years') END
       FROM base, generate_series(1, $2::int + $3::int) g`,
    [businessId, n, due],
  );
  await client.query("UPDATE business SET live_verification_count = live_verification_count + $2 WHERE id = $1", [businessId, n + due]);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(REPEAT / 2)]!;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
