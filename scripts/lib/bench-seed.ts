/** Benchmark fixture: one business with test and live keys, credits, a raised limit and history. */
import { systemContext } from "@/server/context";
import { db, disconnect, pool } from "@/server/db/client";
import { createBusiness } from "@/server/businesses/create-business";
import { createApiKey } from "@/server/keys/create-api-key";
import { grantCredits } from "@/server/credits/grant-credits";
import { importCitizens } from "@/server/registry/import-citizens";
import { hashNationalId } from "@/server/crypto/secrets";

const ctx = () => systemContext("bench");

/** A business that passes every check: live access, a raised rate limit, ten million credits, both keys. */
export async function seedBusiness(name: string) {
  const { businessId } = await createBusiness(ctx(), {
    businessName: name,
    ownerName: "Bench",
    email: `bench-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}@hubi.test`,
    password: "benchmark password",
    approveLive: true,
  });
  await db().business.update({ where: { id: businessId }, data: { rateLimitPerMinute: 10_000_000 } });
  await grantCredits(ctx(), { businessId, amount: 10_000_000, note: "Benchmark" });
  const testKey = (await createApiKey(ctx(), { businessId, mode: "test" })).key;
  const liveKey = (await createApiKey(ctx(), { businessId, mode: "live" })).key;
  return { businessId, testKey, liveKey };
}

/** The citizen live verifies look up (the database registry). */
export const LIVE_NATIONAL_ID = "25200000001";

export async function seed(verifications: number) {
  const { businessId, testKey, liveKey } = await seedBusiness("Benchmark Bank");
  const liveNationalId = LIVE_NATIONAL_ID;
  await importCitizens(ctx(), {
    csv: `national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status\n${liveNationalId},Bench Citizen,1985-01-01,2020-01-01,2035-01-01,active\n`,
  });
  // History rows straight in SQL: a million inserts through the API would take too long.
  await pool().query(
    `INSERT INTO verification (id, business_id, mode, seq, reference, result, purpose, channel, national_id_hash,
                               national_id_last4, credits_used, request_id, created_at)
     SELECT gen_random_uuid(), $1::uuid, 'test', g, 'HV-BENCH-' || g, 'verified', 'Seed', 'api', $2, '0000', 0,
            'seed', now() - (($3::int - g) * interval '1 second')
       FROM generate_series(1, $3::int) g`,
    [businessId, hashNationalId("00000000000"), verifications],
  );
  await pool().query("UPDATE business SET test_verification_count = $2 WHERE id = $1", [businessId, verifications]);
  await pool().query("ANALYZE");
  await disconnect();
  return { testKey, liveKey, liveNationalId, verificationsCreatedBefore: verifications };
}
