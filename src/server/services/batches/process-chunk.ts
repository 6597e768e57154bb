/**
 * One unit of batch work (product rules §18): claim the next chunk and do ALL of its work in the
 * claiming transaction, set-based: one registry lookup for the chunk, one credit charge (live), one
 * statement that writes its verifications (channel `batch`, a gapless `seq` range), their audit
 * entries (live), its result rows, deletes its input and advances the batch's counts.
 *
 * Exactly once: the chunk row is claimed FOR UPDATE SKIP LOCKED and marked done by the same commit
 * that writes its work. A worker killed at any moment rolls everything back and releases the chunk
 * at once; a finished chunk is never picked again. Workers in any number of processes share a batch
 * chunk by chunk.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { BatchRowResult } from "@/contracts/batches";
import type { MatchResult } from "@/contracts/verifications";
import type { ApiKeyScope, Mode } from "@/generated/prisma/enums";
import { transaction } from "@/server/db/transaction";
import { Sql } from "@/server/db/sql";
import { hashNationalId } from "@/server/crypto/secrets";
import { newReference } from "@/server/crypto/identifiers";
import { registryFor } from "@/server/registry";
import { compareClaim } from "@/server/services/verifications/verify-citizen";
import { openChunk, type BatchInputRow } from "./chunk-input";
import { chargeChunk } from "./charge-chunk";
import { raiseBatchFinished } from "./batch-finished";
import { closeBatch } from "./close-batch";
import { BATCH_COLUMNS, type BatchRow } from "./batch-row";
import { countVerifications } from "@/server/observability/metrics";
import { observeJob } from "@/server/observability/observe";

type ClaimedChunk = {
  batch_id: string;
  chunk_no: number;
  first_row: number;
  input: Buffer;
  business_id: string;
  mode: Mode;
  scope: ApiKeyScope;
  api_key_id: string | null;
  user_id: string | null;
  request_id: string;
};

/** One result row as written, with its verification when the lookup ran and was paid for. */
type Outcome = {
  row: number;
  result: BatchRowResult;
  match: MatchResult | null;
  error: string | null;
  verification: { id: string; reference: string; seq: number; hash: string; last4: string; row: Extract<BatchInputRow, { nationalId: string }> } | null;
};

const CLAIM_SQL = `
SELECT c.batch_id, c.chunk_no, c.first_row, c.input, b.business_id, b.mode, b.scope, b.api_key_id, b.user_id, b.request_id
  FROM batch_chunk c JOIN batch b ON b.id = c.batch_id
 WHERE c.done_at IS NULL AND b.status IN ('queued', 'processing')
 ORDER BY b.created_at, c.batch_id, c.chunk_no
 LIMIT 1
   FOR UPDATE OF c SKIP LOCKED`;

/** A chunk that fails this often (an error on our side, not a crash) fails its batch. */
const MAX_ATTEMPTS = 5;
const UNIQUE_VIOLATION = "23505";

/** Processes one chunk if one is waiting; false when there is no work. */
export async function processNextChunk(): Promise<boolean> {
  const started = performance.now();
  let claimed: ClaimedChunk | undefined;
  try {
    const outcomes = await transaction(async (client) => {
      const { rows } = await client.query<ClaimedChunk>(CLAIM_SQL);
      claimed = rows[0];
      return claimed ? await work(client, claimed) : null;
    });
    if (outcomes) observeChunk(claimed!, outcomes, "done", started);
    return outcomes !== null;
  } catch (error) {
    // A certificate reference drawn twice (40 random bits a day): the chunk is simply redone.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return true;
    if (claimed) {
      observeChunk(claimed, [], "error", started);
      await recordFailure(claimed);
    }
    throw error;
  }
}

/** Counted once the chunk committed: its verifications by result, and the credits they took. */
function observeChunk(chunk: ClaimedChunk, outcomes: Outcome[], outcome: "done" | "error", started: number): void {
  for (const result of ["verified", "not_found", "expired", "revoked"] as const) {
    const count = outcomes.filter((o) => o.verification && o.result === result).length;
    countVerifications(chunk.mode, "batch", result, count, chunk.mode === "live" ? count : 0);
  }
  observeJob("batch_chunk", outcome, started, {
    batchId: chunk.batch_id,
    chunkNo: chunk.chunk_no,
    businessId: chunk.business_id,
    mode: chunk.mode,
    rows: outcomes.length,
  });
}

async function recordFailure(chunk: ClaimedChunk): Promise<void> {
  await transaction(async (client) => {
    const { rows } = await client.query<{ attempts: number }>(
      "UPDATE batch_chunk SET attempts = attempts + 1 WHERE batch_id = $1 AND chunk_no = $2 AND done_at IS NULL RETURNING attempts",
      [chunk.batch_id, chunk.chunk_no],
    );
    if ((rows[0]?.attempts ?? 0) >= MAX_ATTEMPTS) await closeBatch(client, chunk.batch_id, "failed");
  });
}

async function work(client: pg.PoolClient, chunk: ClaimedChunk): Promise<Outcome[]> {
  const input = openChunk(chunk.batch_id, chunk.chunk_no, chunk.input);
  const valid = input.flatMap((row, i) => ("nationalId" in row ? [{ row, i }] : []));
  const found = await registryFor(chunk.mode).lookupMany(valid.map((v) => v.row.nationalId));
  const at = new Date();
  const live = chunk.mode === "live";
  const wanted = valid.length;
  const { taken, seqBefore } = live
    ? await chargeChunk(client, { businessId: chunk.business_id, wanted, requestId: chunk.request_id, note: `Batch ${chunk.batch_id}`, at })
    : await advanceTestCounter(client, chunk.business_id, wanted);

  const outcomes: Outcome[] = input.map((row, i) => ({
    row: chunk.first_row + i,
    result: "invalid",
    match: null,
    error: "error" in row ? row.error : null,
    verification: null,
  }));
  valid.forEach(({ row, i }, k) => {
    const outcome = outcomes[i]!;
    if (k >= taken) {
      outcome.result = "insufficient_credits";
      return;
    }
    outcome.result = found[k]!.result;
    outcome.match = compareClaim(row.match, found[k]!.citizen);
    outcome.verification = {
      id: randomUUID(),
      reference: newReference(at),
      seq: seqBefore + k + 1,
      hash: hashNationalId(row.nationalId),
      last4: row.nationalId.slice(-4),
      row,
    };
  });
  const batch = await record(client, chunk, outcomes, taken, at);
  if (batch.status === "completed") await raiseBatchFinished(client, chunk.business_id, batch, at);
  return outcomes;
}

async function advanceTestCounter(client: pg.PoolClient, businessId: string, n: number) {
  const { rows } = await client.query<{ seq_before: number }>(
    "UPDATE business SET test_verification_count = test_verification_count + $2 WHERE id = $1 RETURNING test_verification_count - $2 AS seq_before",
    [businessId, n],
  );
  return { taken: n, seqBefore: rows[0]!.seq_before };
}

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

/** The chunk's writes, one statement; returns the batch as it stands after this chunk. */
async function record(client: pg.PoolClient, chunk: ClaimedChunk, outcomes: Outcome[], taken: number, at: Date): Promise<BatchRow> {
  const q = new Sql();
  const batchId = q.p(chunk.batch_id, "uuid");
  const biz = q.p(chunk.business_id, "uuid");
  const mode = q.p(chunk.mode, '"Mode"');
  const ts = q.p(at, "timestamptz");
  const recorded = outcomes.filter((o) => o.verification);
  const v = recorded.map((o) => o.verification!);
  const count = (result: BatchRowResult) => q.p(outcomes.filter((o) => o.result === result).length, "int");
  const sql = `
WITH verifs AS (
  INSERT INTO verification (id, business_id, mode, seq, reference, result, purpose, channel, match, consent, national_id_hash,
                            national_id_last4, credits_used, api_key_id, user_id, request_id, created_at)
  SELECT t.id, ${biz}, ${mode}, t.seq, t.reference, t.result::"VerificationResult", t.purpose, 'batch', t.match, t.consent, t.hash,
         t.last4, ${q.p(chunk.mode === "live" ? 1 : 0, "int")}, ${q.p(chunk.api_key_id, "uuid")}, ${q.p(chunk.user_id, "uuid")},
         ${q.p(chunk.request_id)}, ${ts}
    FROM unnest(${q.p(v.map((x) => x.id), "uuid[]")}, ${q.p(v.map((x) => x.seq), "int[]")}, ${q.p(v.map((x) => x.reference), "text[]")},
                ${q.p(recorded.map((o) => o.result), "text[]")}, ${q.p(v.map((x) => x.row.purpose), "text[]")},
                ${q.p(recorded.map((o) => json(o.match)), "jsonb[]")}, ${q.p(v.map((x) => json(x.row.consent)), "jsonb[]")},
                ${q.p(v.map((x) => x.hash), "text[]")}, ${q.p(v.map((x) => x.last4), "text[]")})
         AS t(id, seq, reference, result, purpose, match, consent, hash, last4)
  RETURNING id, reference, result
),
audit AS (
  INSERT INTO audit_log_entry (business_id, mode, actor_type, actor_id, action, target_type, target_id, metadata, request_id)
  SELECT ${biz}, ${mode}, ${q.p(chunk.api_key_id ? "api_key" : "user")}, ${q.p(chunk.api_key_id ?? chunk.user_id)}, 'verification.performed',
         'verification', verifs.id::text,
         jsonb_build_object('reference', verifs.reference, 'result', verifs.result, 'channel', 'batch', 'batchId', ${batchId}::text),
         ${q.p(chunk.request_id)}
    FROM verifs WHERE ${mode} = 'live'
),
results AS (
  INSERT INTO batch_result (batch_id, row_no, result, reference, verification_id, match, error)
  SELECT ${batchId}, t.row_no, t.result, t.reference, t.vid, t.match, t.error
    FROM unnest(${q.p(outcomes.map((o) => o.row), "int[]")}, ${q.p(outcomes.map((o) => o.result), "text[]")},
                ${q.p(outcomes.map((o) => o.verification?.reference ?? null), "text[]")}, ${q.p(outcomes.map((o) => o.verification?.id ?? null), "uuid[]")},
                ${q.p(outcomes.map((o) => json(o.match)), "jsonb[]")}, ${q.p(outcomes.map((o) => o.error), "text[]")})
         AS t(row_no, result, reference, vid, match, error)
),
chunk AS (
  UPDATE batch_chunk SET done_at = ${ts}, input = NULL WHERE batch_id = ${batchId} AND chunk_no = ${q.p(chunk.chunk_no, "int")}
)
UPDATE batch SET
  processed_rows = processed_rows + ${q.p(outcomes.length, "int")},
  verified = verified + ${count("verified")}, not_found = not_found + ${count("not_found")},
  expired = expired + ${count("expired")}, revoked = revoked + ${count("revoked")},
  invalid = invalid + ${count("invalid")}, insufficient_credits = insufficient_credits + ${count("insufficient_credits")},
  credits_used = credits_used + ${q.p(chunk.mode === "live" ? taken : 0, "int")},
  chunks_done = chunks_done + 1,
  status = CASE WHEN chunks_done + 1 = chunk_count THEN 'completed' ELSE 'processing' END::"BatchStatus",
  completed_at = CASE WHEN chunks_done + 1 = chunk_count THEN ${ts} END
 WHERE id = ${batchId}
RETURNING ${BATCH_COLUMNS}`;
  const { rows } = await client.query<BatchRow>(sql, q.values);
  return rows[0]!;
}
