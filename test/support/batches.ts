/** Batch helpers for tests: upload a file, wait for the batch to end, read its results, seed the live registry. */
import { pool } from "@/server/db/client";
import { hashNationalId } from "@/server/crypto/secrets";
import { api } from "./api";
import { waitFor } from "./wait-for";

/** POST /batches to the run's app, or to the app at `baseUrl`. */
export const upload = (key: string, body: string, contentType = "text/csv", options: { headers?: Record<string, string>; baseUrl?: string } = {}) =>
  api("POST", "/batches", { key, rawBody: body, headers: { "content-type": contentType, ...options.headers }, baseUrl: options.baseUrl });

export const csvOf = (header: string, rows: string[]) => [header, ...rows].join("\n") + "\n";

export const batchCount = async (businessId: string) =>
  (await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM batch WHERE business_id = $1", [businessId])).rows[0]!.n;

const ENDED = new Set(["completed", "cancelled", "failed"]);

/**
 * Waits until the batch has ended, then answers it as GET /batches/{id} does (of the run's app, or
 * of the app at `baseUrl`). The wait reads the database: polling the API ten times a second spent
 * the key's read limit (60 a minute) in six seconds, and a batch that took longer than that was
 * seen to end only when the minute had passed, after its test had timed out.
 */
export async function batchEnded(key: string, id: string, { timeoutMs = 45_000, baseUrl }: { timeoutMs?: number; baseUrl?: string } = {}) {
  await waitFor(`batch ${id} to end`, async () => {
    const { rows } = await pool().query<{ status: string }>("SELECT status FROM batch WHERE id = $1", [id]);
    return ENDED.has(rows[0]?.status ?? "");
  }, timeoutMs);
  const res = await api("GET", `/batches/${id}`, { key, baseUrl });
  if (res.status !== 200) throw new Error(`GET /batches/${id} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function resultLines(key: string, id: string, baseUrl?: string) {
  const res = await fetchResults(key, id, "application/x-ndjson", baseUrl);
  return res.text.trimEnd().split("\n").map((l) => JSON.parse(l));
}

export async function fetchResults(key: string, id: string, accept: string, baseUrl?: string) {
  const res = await api("GET", `/batches/${id}/results`, { key, headers: { accept }, baseUrl });
  return { status: res.status, contentType: res.headers.get("content-type"), text: typeof res.body === "string" ? res.body : JSON.stringify(res.body) };
}

/** Registry records (live mode) for these IDs, all active and valid for ten years unless said otherwise. */
export async function seedCitizens(records: { nationalId: string; status?: "active" | "revoked"; expired?: boolean; fullName?: string }[]) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await pool().query(
    `INSERT INTO citizen_record (national_id_hash, full_name, date_of_birth, date_of_issue, date_of_expiry, status)
     SELECT h, n, '1990-04-12', '2019-06-01', e::date, s::"CitizenStatus" FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(h, n, e, s)
     ON CONFLICT (national_id_hash) DO NOTHING`,
    [
      records.map((r) => hashNationalId(r.nationalId)),
      records.map((r) => r.fullName ?? "Hodan Warsame Farah"),
      records.map((r) => (r.expired ? day(-1) : day(3650))),
      records.map((r) => r.status ?? "active"),
    ],
  );
}

/** What a batch left in the database: its verifications, result rows, and the credits it charged. */
export async function batchFootprint(batchId: string) {
  const { rows } = await pool().query<{ verifications: number; distinct_verifications: number; results: number; distinct_rows: number; charged: number }>(
    `SELECT (SELECT count(*)::int FROM verification v WHERE v.request_id = b.request_id AND v.business_id = b.business_id) AS verifications,
            (SELECT count(DISTINCT verification_id)::int FROM batch_result r WHERE r.batch_id = b.id) AS distinct_verifications,
            (SELECT count(*)::int FROM batch_result r WHERE r.batch_id = b.id) AS results,
            (SELECT count(DISTINCT row_no)::int FROM batch_result r WHERE r.batch_id = b.id) AS distinct_rows,
            (SELECT coalesce(-sum(amount), 0)::int FROM credit_ledger_entry l WHERE l.business_id = b.business_id AND l.request_id = b.request_id) AS charged
       FROM batch b WHERE b.id = $1`,
    [batchId],
  );
  return rows[0]!;
}
