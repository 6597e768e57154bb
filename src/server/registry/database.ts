/**
 * The production registry: records loaded by platform admins (CSV import), found through the
 * keyed hash of the national ID. `expired` = expiry date before today (UTC). A batch chunk looks
 * up all of its IDs in one statement.
 */
import { pool } from "@/server/db/client";
import { prepared } from "@/server/db/prepared";
import { hashNationalId } from "@/server/crypto/secrets";
import type { CitizenRegistry, RegistryMatch } from "./types";

type Row = { national_id_hash: string; full_name: string; date_of_birth: string; date_of_issue: string; status: string; expired: boolean };

const LOOKUP_SQL = `
SELECT national_id_hash, full_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
       to_char(date_of_issue, 'YYYY-MM-DD') AS date_of_issue, status,
       date_of_expiry < (now() AT TIME ZONE 'UTC')::date AS expired
  FROM citizen_record WHERE national_id_hash = ANY($1::text[])`;

async function lookupMany(nationalIds: string[]): Promise<RegistryMatch[]> {
  const hashes = nationalIds.map(hashNationalId);
  const { rows } = await pool().query<Row>(prepared(LOOKUP_SQL, [hashes]));
  const byHash = new Map(rows.map((r) => [r.national_id_hash, r]));
  return hashes.map((hash) => toMatch(byHash.get(hash)));
}

function toMatch(row: Row | undefined): RegistryMatch {
  if (!row) return { result: "not_found", citizen: null };
  if (row.status === "revoked") return { result: "revoked", citizen: null };
  if (row.expired) return { result: "expired", citizen: null };
  return {
    result: "verified",
    citizen: { fullName: row.full_name, dateOfBirth: row.date_of_birth, dateOfIssue: row.date_of_issue },
  };
}

export const databaseRegistry: CitizenRegistry = {
  lookup: async (nationalId) => (await lookupMany([nationalId]))[0]!,
  lookupMany,
};
