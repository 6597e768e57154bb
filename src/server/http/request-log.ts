/**
 * The portal's request log: every authenticated /api/v1 request. Entries are buffered in memory
 * and written in one multi-row INSERT every second (or every 500 entries), so recording adds no
 * database round trip to any request. A crash can lose at most the last second of log entries —
 * never a verification, charge or audit entry, which commit with the request itself.
 */
import { pool } from "@/server/db/client";
import { transaction } from "@/server/db/transaction";
import { REQUEST_LOG_WRITE_LOCK_SQL } from "@/server/request-log/redaction-lock";
import { describeError, log } from "@/server/observability/logger";
import type { Mode } from "@/generated/prisma/enums";

export type RequestLogEntry = {
  businessId: string;
  mode: Mode;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  apiKeyId: string;
  apiKeyHint: string;
  requestId: string;
  idempotencyKey: string | null;
  /** The key as its idempotency record holds it (a keyed hash): a redaction finds the entries of its key by it. */
  idempotencyRecordKey: string | null;
  verificationId: string | null;
  createdAt: Date;
};

const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 500;

let buffer: RequestLogEntry[] = [];
let timer: NodeJS.Timeout | undefined;

export function recordRequest(entry: RequestLogEntry): void {
  buffer.push(entry);
  if (buffer.length >= FLUSH_AT) void flushRequestLog();
  else timer ??= setTimeout(() => void flushRequestLog(), FLUSH_EVERY_MS);
}

export async function flushRequestLog(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const batch = buffer;
  buffer = [];
  if (batch.length === 0) return;
  const col = <K extends keyof RequestLogEntry>(k: K) => batch.map((e) => e[k]);
  try {
    // An entry's verification redacted while it waited here: its Idempotency-Key is not written,
    // nor that of an entry refused under the key of a redacted verification (its record says so).
    await transaction(async (client) => {
      await client.query(`SELECT ${REQUEST_LOG_WRITE_LOCK_SQL}`);
      await client.query(
        `INSERT INTO request_log_entry (business_id, mode, method, path, status, latency_ms, api_key_id, api_key_hint,
                                        request_id, idempotency_key, idempotency_record_key, created_at, verification_id)
         SELECT e.business_id, e.mode, e.method, e.path, e.status, e.latency_ms, e.api_key_id, e.api_key_hint, e.request_id,
                CASE WHEN r.redacted THEN NULL ELSE e.idempotency_key END, CASE WHEN r.redacted THEN NULL ELSE e.record_key END,
                e.created_at, e.verification_id
           FROM unnest($1::uuid[], $2::"Mode"[], $3::text[], $4::text[], $5::int[], $6::int[], $7::uuid[],
                       $8::text[], $9::text[], $10::text[], $11::timestamptz[], $12::uuid[], $13::text[])
                AS e(business_id, mode, method, path, status, latency_ms, api_key_id, api_key_hint, request_id, idempotency_key, created_at,
                     verification_id, record_key)
           LEFT JOIN verification v ON v.id = e.verification_id
           LEFT JOIN idempotency_record k ON k.business_id = e.business_id AND k.mode = e.mode AND k.key = e.record_key
          CROSS JOIN LATERAL (SELECT coalesce(v.redacted_at IS NOT NULL OR k.state = 'redacted', false) AS redacted) AS r`,
        [col("businessId"), col("mode"), col("method"), col("path"), col("status"), col("latencyMs"), col("apiKeyId"),
          col("apiKeyHint"), col("requestId"), col("idempotencyKey"), col("createdAt"), col("verificationId"),
          col("idempotencyRecordKey")],
      );
    });
  } catch (error) {
    log("error", "request log flush failed", { entries: batch.length, ...describeError(error) });
  }
}

/** Deletes entries older than the 30 days the portal shows. */
export async function purgeOldRequestLog(): Promise<number> {
  const { rowCount } = await pool().query("DELETE FROM request_log_entry WHERE created_at < now() - interval '30 days'");
  return rowCount ?? 0;
}
