/**
 * One unit of batch work (product rules §18), through the verification write's three steps
 * (verifications/verification-write-sql.ts), so that no transaction or connection is held while
 * the registry is asked:
 *
 * 1. Admission, one short transaction: the next chunk claimed (FOR UPDATE SKIP LOCKED) and
 *    leased to this worker, and (live) its credits reserved, all of its rows at once.
 * 2. One registry lookup for the chunk, with nothing open (its lease renewed while it runs).
 * 3. The outcome, one statement: its verifications (channel `batch`, a gapless `seq` range), their
 *    audit entries (live), its result rows; its input deleted, the batch's counts advanced. Only
 *    while the lease is still this worker's.
 *
 * Exactly once: a worker that dies after its admission leaves a lease that runs out
 * (BATCH_CHUNK_LEASE_SECONDS); the next worker reuses the reservation (`admitted_rows`) instead
 * of charging again, and a late write of the first worker finds its lease gone and writes
 * nothing. A chunk whose lookup keeps failing fails its batch, and closing a batch refunds what
 * its unfinished chunks reserved. A registry that is unavailable (an outage, no quota) is no
 * failure of the chunk: it waits, its reservation kept, and resumes by itself (product rules §26);
 * what the registry had answered for some of its rows before that is kept with it (sealed), so
 * that the resumed chunk asks only for the others: the authority bills each call.
 * A registry that answers for some rows but not others (RegistryRecordError: it refused an ID, or
 * answered a status Hubi does not know) is no failure either: the chunk records the answered rows
 * and gives the others `registry_error`, with their reserved credits refunded in the same write.
 * Workers in any number of processes share a batch chunk by chunk.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { BatchRowResult } from "@/contracts/batches";
import { verificationResultSchema, type MatchResult } from "@/contracts/verifications";
import type { ApiKeyScope, Mode } from "@/generated/prisma/enums";
import { env } from "@/env";
import { transaction } from "@/server/db/transaction";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { newReference } from "@/server/crypto/identifiers";
import { MAX_RETRY_AFTER_SECONDS, registryFor } from "@/server/registry";
import { LOOKUP_GROUP_SIZE, RegistryPartlyAnsweredError, RegistryRecordError, RegistryUnavailableError, type LookupOptions, type RegistryMatch } from "@/server/registry/types";
import { refundCreditCtes } from "@/server/credits/refund-credit-sql";
import { compareClaim } from "@/server/verifications/compare-claim";
import { admitCtes, recordVerificationsCtes, type NewVerification } from "@/server/verifications/verification-write-sql";
import { openAnswers, openChunk, sealAnswers, type BatchInputRow, type KeptAnswers } from "./chunk-input";
import { UNFINISHED_CHUNKS_SQL } from "./unfinished-chunks-sql";
import { raiseBatchFinished } from "./batch-finished";
import { closeBatch } from "./close-batch";
import { BATCH_COLUMNS, type BatchRow } from "./batch-row";
import { countVerifications } from "@/server/observability/metrics";
import { observeJob } from "@/server/observability/observe";
import { log } from "@/server/observability/logger";

type ClaimedChunk = {
  batch_id: string;
  chunk_no: number;
  first_row: number;
  input: Buffer;
  answers: Buffer | null;
  admitted_rows: number | null;
  business_id: string;
  mode: Mode;
  scope: ApiKeyScope;
  api_key_id: string | null;
  user_id: string | null;
  request_id: string;
};

type AdmittedChunk = ClaimedChunk & { leaseId: string; rows: BatchInputRow[]; admitted: number };

/** One result row as written, with its verification when the lookup ran and was paid for. */
type Outcome = { row: number; result: BatchRowResult; match: MatchResult | null; error: string | null; verification: NewVerification | null };

/** The next chunk due, of a batch whose business may run it (unfinished-chunks-sql.ts). */
const CLAIM_SQL = `
SELECT c.batch_id, c.chunk_no, c.first_row, c.input, c.answers, c.admitted_rows,
       b.business_id, b.mode, b.scope, b.api_key_id, b.user_id, b.request_id
  FROM ${UNFINISHED_CHUNKS_SQL} AND (c.leased_until IS NULL OR c.leased_until < now())
 ORDER BY b.created_at, c.batch_id, c.chunk_no
 LIMIT 1
   FOR UPDATE OF c SKIP LOCKED`;

/** A chunk that fails this often (an error on our side, not a crash) fails its batch. */
const MAX_ATTEMPTS = 5;
/** The result line's `error` of a row the registry gave no answer for (never retried: the registry would answer the same). */
const REGISTRY_ERROR_MESSAGE = "The national registry could not answer for this national ID";
/** How long a chunk waits for an unavailable registry that did not say (Retry-After). */
const REGISTRY_PAUSE_SECONDS = 5;
const UNIQUE_VIOLATION = "23505";

/** Processes one chunk if one is waiting; false when there is no work. */
export async function processNextChunk(): Promise<boolean> {
  const started = performance.now();
  const chunk = await admit();
  if (!chunk) return false;
  if ("unreadable" in chunk) {
    observeJob("batch_chunk", "error", started, { batchId: chunk.batch_id, chunkNo: chunk.chunk_no, businessId: chunk.business_id });
    throw chunk.unreadable;
  }
  const valid = validRows(chunk).slice(0, chunk.admitted);
  const kept = openAnswers(chunk.batch_id, chunk.chunk_no, chunk.answers);
  // The rows to ask about: those the registry has not answered yet (all, but for a resumed chunk,
  // whose unanswered rows are whole groups: each asked again under the request id it had).
  const asking = valid.flatMap((_, k) => (k in kept ? [] : [k]));
  const groupNumbers = asking.length < valid.length ? [...new Set(asking.map((k) => Math.floor(k / LOOKUP_GROUP_SIZE) + 1))] : undefined;
  try {
    const options = { businessId: chunk.business_id, priority: "batch" as const, requestId: `${chunk.batch_id}.${chunk.chunk_no}`, groupNumbers };
    const ids = asking.map((k) => valid[k]!.row.nationalId);
    const asked = ids.length > 0 ? await whileLeased(chunk, (budget) => lookUp(chunk, ids, { ...options, ...budget })) : [];
    const answers = withAnswers(kept, asking, asked);
    const found = valid.map((_, k) => answers[k] ?? undefined);
    const written = await recordOutcome(chunk, found);
    if (written) observeChunk(chunk, written, "done", started);
  } catch (error) {
    if (error instanceof RegistryUnavailableError) {
      const answered = error instanceof RegistryPartlyAnsweredError ? withAnswers(kept, asking, error.answered) : null;
      await pause(chunk, error.retryAfterSeconds ?? REGISTRY_PAUSE_SECONDS, answered);
      observeChunk(chunk, [], "paused", started);
      return true;
    }
    observeChunk(chunk, [], "error", started);
    await recordFailure(chunk);
    throw error;
  }
  return true;
}

/** `kept` with the answers to the rows at positions `asking` added (undefined: none came for that row). */
function withAnswers(kept: KeptAnswers, asking: number[], answers: (RegistryMatch | null | undefined)[]): KeptAnswers {
  const all = { ...kept };
  asking.forEach((k, i) => {
    const answer = answers[i];
    if (answer !== undefined) all[k] = answer;
  });
  return all;
}

/** One answer per ID; `undefined` for a row the registry could not answer for (the fault of that row alone). */
async function lookUp(chunk: AdmittedChunk, nationalIds: string[], options: LookupOptions): Promise<(RegistryMatch | undefined)[]> {
  try {
    return await registryFor(chunk.mode).lookupMany(nationalIds, options);
  } catch (error) {
    if (error instanceof RegistryRecordError) return error.matches;
    throw error;
  }
}

/**
 * Keeps the chunk's lease while its lookup runs, renewed every quarter of it: a gateway that asks
 * the fleet to wait (a 429's Retry-After) can hold a lookup past a lease, and another worker would
 * then take the chunk and ask the gateway for the same rows again. The lookup may start no new
 * call once its lease is found lost (its batch cancelled or closed: the answers could no longer be
 * written) or once it has run longer than any wait the gateway may ask for and a call besides;
 * calls already sent are left to end by their own timeout, not cut into faults of the gateway.
 */
async function whileLeased<T>(chunk: AdmittedChunk, lookup: (options: Pick<LookupOptions, "signal" | "answerSignal">) => Promise<T>): Promise<T> {
  const lost = new AbortController();
  const seconds = env().BATCH_CHUNK_LEASE_SECONDS;
  const signal = AbortSignal.any([lost.signal, AbortSignal.timeout(MAX_RETRY_AFTER_SECONDS * 1000 + env().REGISTRY_TIMEOUT_MS)]);
  const renew = () =>
    pool()
      .query(
        `UPDATE batch_chunk SET leased_until = now() + make_interval(secs => $4)
          WHERE batch_id = $1 AND chunk_no = $2 AND lease_id = $3 AND done_at IS NULL`,
        [chunk.batch_id, chunk.chunk_no, chunk.leaseId, seconds],
      )
      .then(({ rowCount }) => {
        if (rowCount === 0) lost.abort();
      })
      // One renewal missed leaves another before the lease runs out.
      .catch(() => log("warn", "batch chunk lease not renewed", { batchId: chunk.batch_id, chunkNo: chunk.chunk_no }));
  const timer = setInterval(renew, (seconds * 1000) / 4);
  try {
    return await lookup({ signal, answerSignal: new AbortController().signal });
  } finally {
    clearInterval(timer);
  }
}

/** Counted once the chunk committed: its verifications by result, and the credits they took. */
function observeChunk(chunk: ClaimedChunk, outcomes: Outcome[], outcome: "done" | "error" | "paused", started: number): void {
  for (const result of verificationResultSchema.options) {
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

const validRows = (chunk: { rows: BatchInputRow[] }) =>
  chunk.rows.flatMap((row, i) => ("nationalId" in row ? [{ row, i }] : []));

/**
 * Step 1: claim, lease and (first time only) admit the chunk's valid rows, in one short transaction.
 * A chunk whose input cannot be read (damaged, or sealed under another secret) counts a failed
 * attempt, so that it fails its batch in the end instead of being taken again forever.
 */
async function admit(): Promise<AdmittedChunk | (ClaimedChunk & { unreadable: unknown }) | null> {
  return transaction(async (client) => {
    const { rows } = await client.query<ClaimedChunk>(CLAIM_SQL);
    const claimed = rows[0];
    if (!claimed) return null;
    let chunkRows: BatchInputRow[];
    try {
      chunkRows = openChunk(claimed.batch_id, claimed.chunk_no, claimed.input);
    } catch (unreadable) {
      const { rows: counted } = await client.query<{ attempts: number }>(
        "UPDATE batch_chunk SET attempts = attempts + 1 WHERE batch_id = $1 AND chunk_no = $2 RETURNING attempts",
        [claimed.batch_id, claimed.chunk_no],
      );
      if (counted[0]!.attempts >= MAX_ATTEMPTS) await closeBatch(client, claimed.batch_id, "failed");
      return { ...claimed, unreadable };
    }
    const leaseId = randomUUID();
    const q = new Sql();
    const lease = `lease_id = ${q.p(leaseId, "uuid")}, leased_until = now() + make_interval(secs => ${q.p(env().BATCH_CHUNK_LEASE_SECONDS, "int")})`;
    const where = `batch_id = ${q.p(claimed.batch_id, "uuid")} AND chunk_no = ${q.p(claimed.chunk_no, "int")}`;
    const sql =
      claimed.admitted_rows === null
        ? `WITH ${admitCtes(q, {
            businessId: claimed.business_id,
            mode: claimed.mode,
            count: validRows({ rows: chunkRows }).length,
            requestId: claimed.request_id,
            note: `Batch ${claimed.batch_id}`,
            at: new Date(),
          })}
UPDATE batch_chunk SET ${lease}, admitted_rows = (SELECT took FROM admitted) WHERE ${where} RETURNING admitted_rows`
        : `UPDATE batch_chunk SET ${lease} WHERE ${where} RETURNING admitted_rows`;
    const { rows: leased } = await client.query<{ admitted_rows: number }>(sql, q.values);
    return { ...claimed, leaseId, rows: chunkRows, admitted: leased[0]!.admitted_rows };
  });
}

/** The chunk waits for the registry, its attempts and its reservation untouched, with the answers it has so far (null: no new ones). */
async function pause(chunk: AdmittedChunk, seconds: number, answers: KeptAnswers | null): Promise<void> {
  await pool().query(
    `UPDATE batch_chunk SET lease_id = NULL, leased_until = now() + make_interval(secs => $4), answers = coalesce($5, answers)
      WHERE batch_id = $1 AND chunk_no = $2 AND lease_id = $3 AND done_at IS NULL`,
    [chunk.batch_id, chunk.chunk_no, chunk.leaseId, seconds, answers && sealAnswers(chunk.batch_id, chunk.chunk_no, answers)],
  );
}

/** Another attempt may take the chunk at once; too many fail the batch, which refunds its reservations. */
async function recordFailure(chunk: AdmittedChunk): Promise<void> {
  await transaction(async (client) => {
    const { rows } = await client.query<{ attempts: number }>(
      `UPDATE batch_chunk SET attempts = attempts + 1, lease_id = NULL, leased_until = NULL
        WHERE batch_id = $1 AND chunk_no = $2 AND lease_id = $3 AND done_at IS NULL RETURNING attempts`,
      [chunk.batch_id, chunk.chunk_no, chunk.leaseId],
    );
    if ((rows[0]?.attempts ?? 0) >= MAX_ATTEMPTS) await closeBatch(client, chunk.batch_id, "failed");
  });
}

/**
 * Step 3. A certificate reference drawn twice (40 random bits a day) is drawn again. The rows
 * written, or null when the lease was lost and nothing was.
 */
async function recordOutcome(chunk: AdmittedChunk, found: (RegistryMatch | undefined)[]): Promise<Outcome[] | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(async (client) => {
        const at = new Date();
        const rows = outcomes(chunk, found, at);
        const batch = await write(client, chunk, rows, at);
        if (!batch) return null;
        if (batch.status === "completed") await raiseBatchFinished(client, chunk.business_id, batch, at);
        return rows;
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION && attempt < 3) continue;
      throw error;
    }
  }
}

function outcomes(chunk: AdmittedChunk, found: (RegistryMatch | undefined)[], at: Date): Outcome[] {
  const result: Outcome[] = chunk.rows.map((row, i) => ({
    row: chunk.first_row + i,
    result: "invalid",
    match: null,
    error: "error" in row ? row.error : null,
    verification: null,
  }));
  validRows(chunk).forEach(({ row, i }, k) => {
    const outcome = result[i]!;
    if (k >= chunk.admitted) {
      outcome.result = "insufficient_credits";
      return;
    }
    const answer = found[k];
    if (!answer) {
      Object.assign(outcome, { result: "registry_error", error: REGISTRY_ERROR_MESSAGE });
      return;
    }
    const match = compareClaim(row.match, answer.citizen);
    Object.assign(outcome, { result: answer.result, match });
    outcome.verification = {
      id: randomUUID(),
      reference: newReference(at),
      result: answer.result,
      purpose: row.purpose,
      match,
      consent: row.consent as NewVerification["consent"],
      lawfulBasis: null,
      nationalId: row.nationalId,
    };
  });
  return result;
}

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

/**
 * The chunk's writes, one statement, only while its lease is this worker's; returns the batch as
 * it stands after this chunk, or null when the lease was lost (nothing written).
 */
async function write(client: pg.PoolClient, chunk: AdmittedChunk, rows: Outcome[], at: Date): Promise<BatchRow | null> {
  const q = new Sql();
  const batchId = q.p(chunk.batch_id, "uuid");
  const ts = q.p(at, "timestamptz");
  const recorded = rows.flatMap((o) => (o.verification ? [o.verification] : []));
  const count = (result: BatchRowResult) => q.p(rows.filter((o) => o.result === result).length, "int");
  const mine = "EXISTS (SELECT 1 FROM mine)";
  // Rows admitted (credits reserved) but given no answer: their credits come back with this write.
  const unanswered = rows.filter((o) => o.result === "registry_error").length;
  const refund =
    chunk.mode === "live" && unanswered > 0
      ? `,${refundCreditCtes(q, {
          businessId: chunk.business_id,
          amount: `CASE WHEN ${mine} THEN ${q.p(unanswered, "int")} ELSE 0 END`,
          requestId: chunk.request_id,
          note: `Batch ${chunk.batch_id}: rows the registry could not answer for refunded`,
          at,
        })}`
      : "";
  const sql = `
WITH mine AS (
  UPDATE batch_chunk SET done_at = ${ts}, input = NULL, answers = NULL, lease_id = NULL, leased_until = NULL
   WHERE batch_id = ${batchId} AND chunk_no = ${q.p(chunk.chunk_no, "int")} AND lease_id = ${q.p(chunk.leaseId, "uuid")} AND done_at IS NULL
  RETURNING 1
),${recordVerificationsCtes(q, recorded, {
    businessId: chunk.business_id,
    mode: chunk.mode,
    channel: "batch",
    at,
    requestId: chunk.request_id,
    apiKeyId: chunk.api_key_id,
    userId: chunk.user_id,
    actor: { actorType: chunk.api_key_id ? "api_key" : "user", actorId: chunk.api_key_id ?? chunk.user_id },
    auditExtra: { batchId: chunk.batch_id },
    when: mine,
  })},
results AS (
  INSERT INTO batch_result (batch_id, row_no, result, reference, verification_id, match, error)
  SELECT ${batchId}, t.row_no, t.result, t.reference, t.vid, t.match, t.error
    FROM unnest(${q.p(rows.map((o) => o.row), "int[]")}, ${q.p(rows.map((o) => o.result), "text[]")},
                ${q.p(rows.map((o) => o.verification?.reference ?? null), "text[]")}, ${q.p(rows.map((o) => o.verification?.id ?? null), "uuid[]")},
                ${q.p(rows.map((o) => json(o.match)), "jsonb[]")}, ${q.p(rows.map((o) => o.error), "text[]")})
         AS t(row_no, result, reference, vid, match, error)
   WHERE ${mine}
)${refund}
UPDATE batch SET
  processed_rows = processed_rows + ${q.p(rows.length, "int")},
  verified = verified + ${count("verified")}, not_found = not_found + ${count("not_found")},
  expired = expired + ${count("expired")}, revoked = revoked + ${count("revoked")}, deceased = deceased + ${count("deceased")},
  invalid = invalid + ${count("invalid")}, insufficient_credits = insufficient_credits + ${count("insufficient_credits")},
  registry_error = registry_error + ${count("registry_error")},
  credits_used = credits_used + ${q.p(chunk.mode === "live" ? recorded.length : 0, "int")},
  chunks_done = chunks_done + 1,
  status = CASE WHEN chunks_done + 1 = chunk_count THEN 'completed' ELSE 'processing' END::"BatchStatus",
  completed_at = CASE WHEN chunks_done + 1 = chunk_count THEN ${ts} END
 WHERE id = ${batchId} AND ${mine}
RETURNING ${BATCH_COLUMNS}`;
  const { rows: batch } = await client.query<BatchRow>(sql, q.values);
  return batch[0] ?? null;
}
