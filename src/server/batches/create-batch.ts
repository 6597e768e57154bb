/**
 * Create a batch from an uploaded file (product rules §18). The file is read as it streams in, its
 * rows sealed chunk by chunk (encrypted) into a spool (upload-spool.ts), and stored once the whole
 * file has passed, in ONE short transaction: a file found malformed at its last line leaves
 * nothing behind, workers see the batch only once it is whole, and no transaction waits on the
 * client's upload. The Idempotency-Key is claimed when the file's digest is known, and completed
 * by the same commit.
 */
import { randomUUID } from "node:crypto";
import type { Batch, BatchContentType } from "@/contracts/batches";
import type { ApiKeyScope, Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { transaction } from "@/server/db/transaction";
import { encrypt } from "@/server/crypto/secrets";
import type { IdempotencyClaim } from "@/server/http/idempotency-step";
import { encryptionContext, releaseIdempotencyKey, type IdempotencyScope } from "@/server/verifications/idempotency";
import type { ConsentPolicy } from "@/server/verifications/consent-policy";
import { readUpload } from "./read-upload";
import { sealChunk } from "./chunk-input";
import { UploadSpool } from "./upload-spool";
import { BATCH_COLUMNS, toBatch, type BatchRow } from "./batch-row";
import { env } from "@/env";
import { assertWithinLimit, hitApiLimit, rateLimitHeaders } from "@/server/ratelimit/api-limit";
import { LIMITS } from "@/contracts/limits";

export type CreateBatchInput = {
  businessId: string;
  mode: Mode;
  scope: ApiKeyScope;
  apiKeyId?: string;
  contentType: BatchContentType;
  body: ReadableStream<Uint8Array> | null;
  /** The business's consent rule for live rows (§19): rows without consent are `invalid` when it applies. */
  policy: ConsentPolicy;
  /** The API pipeline's Idempotency-Key step, given the file's digest; absent without a key. */
  claimIdempotency?: (body: unknown) => Promise<IdempotencyClaim>;
};

export type CreatedBatch = { message: string; data: Batch };

/**
 * `headers`: the batch limit's, counted as the batch is accepted (a refused or replayed upload
 * takes no slot of the 10 a minute).
 */
export async function createBatch(
  ctx: ServiceContext,
  input: CreateBatchInput,
): Promise<{ body: CreatedBatch; replayed: boolean; headers?: Record<string, string> }> {
  assertBusinessAccess(ctx, input.businessId, "verify");
  const id = randomUUID();
  const spool = await UploadSpool.open();
  let scope: IdempotencyScope | null = null;
  try {
    const summary = await readUpload(input.body, input.contentType, input.policy, env().BATCH_CHUNK_ROWS, ({ rows }) =>
      spool.append(rows.length, (chunkNo) => sealChunk(id, chunkNo, rows)),
    );
    const claim = input.claimIdempotency ? await input.claimIdempotency({ file: summary.digest }) : null;
    if (claim && "replay" in claim) return { body: claim.replay as CreatedBatch, replayed: true };
    scope = claim?.scope ?? null;
    // Counted once the file is whole and not a replay: a batch refused here (the 11th in a minute) stores nothing.
    const hit = await hitApiLimit(input.businessId, input.mode, "batch", LIMITS.batchCreationsPerMinute);
    assertWithinLimit(hit, "batch", input.mode);
    const body = await storeBatch(ctx, input, id, summary.totalRows, spool, scope);
    return { body, replayed: false, headers: rateLimitHeaders(hit) };
  } catch (error) {
    // The claim was taken but nothing committed: free it, so the client can retry with the same key.
    if (scope) await releaseIdempotencyKey(scope);
    throw error;
  } finally {
    await spool.close();
  }
}

/** Sealed chunks per statement, at most (a few round trips for the largest file, each well under the server's limits). */
const STORE_GROUP_BYTES = 4 * 1024 * 1024;

/** The batch, its chunks and the completed Idempotency-Key, in one transaction: workers see the batch only once it is whole. */
function storeBatch(
  ctx: ServiceContext,
  input: CreateBatchInput,
  id: string,
  totalRows: number,
  spool: UploadSpool,
  scope: IdempotencyScope | null,
): Promise<CreatedBatch> {
  return transaction(async (client) => {
    const { rows } = await client.query<BatchRow>(
      `INSERT INTO batch (id, business_id, mode, total_rows, chunk_count, scope, api_key_id, user_id, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${BATCH_COLUMNS}`,
      [id, input.businessId, input.mode, totalRows, spool.chunks.length, input.scope, input.apiKeyId ?? null, ctx.actor.type === "user" ? ctx.actor.userId : null, ctx.requestId],
    );
    for await (const group of spool.groups(STORE_GROUP_BYTES)) {
      await client.query(
        `INSERT INTO batch_chunk (batch_id, chunk_no, first_row, row_count, input)
         SELECT $1::uuid, * FROM unnest($2::int[], $3::int[], $4::int[], $5::bytea[])`,
        [id, group.map((c) => c.chunkNo), group.map((c) => c.firstRow), group.map((c) => c.rowCount), group.map((c) => c.sealed)],
      );
    }
    const created: CreatedBatch = { message: "Batch accepted", data: toBatch(rows[0]!) };
    if (scope) {
      await client.query(
        `UPDATE idempotency_record SET state = 'completed', response_status = 202, response = $4
          WHERE business_id = $1 AND mode = $2 AND key = $3`,
        [scope.businessId, scope.mode, scope.key, encrypt(JSON.stringify(created), encryptionContext(scope))],
      );
    }
    return created;
  });
}
