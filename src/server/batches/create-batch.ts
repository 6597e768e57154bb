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
import type { RateLimitHit } from "@/server/ratelimit";
import { Sql } from "@/server/db/sql";

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
    const { body, hit } = await storeBatch(ctx, input, id, summary.totalRows, spool, scope);
    return { body, replayed: false, headers: rateLimitHeaders(hit) };
  } catch (error) {
    // The claim was taken but nothing committed: free it, so the client can retry with the same key.
    if (scope) await releaseIdempotencyKey(scope);
    throw error;
  } finally {
    // Closing is what removes the spool; a failure to close must not hide the upload's own error.
    await spool.close().catch(() => {});
  }
}

/** Sealed chunks per statement: at most this many bytes of them (or one chunk), a few statements for the largest file. */
const STORE_GROUP_BYTES = 8 * 1024 * 1024;

/**
 * The batch, its chunks and the completed Idempotency-Key, in one transaction: workers see the
 * batch only once it is whole. The batch limit is counted last before the commit: a batch refused
 * there (the 11th in a minute) rolls back whole, and one that fails to be stored takes no slot.
 */
function storeBatch(
  ctx: ServiceContext,
  input: CreateBatchInput,
  id: string,
  totalRows: number,
  spool: UploadSpool,
  scope: IdempotencyScope | null,
): Promise<{ body: CreatedBatch; hit: RateLimitHit }> {
  return transaction(async (client) => {
    const { rows } = await client.query<BatchRow>(
      `INSERT INTO batch (id, business_id, mode, total_rows, chunk_count, scope, api_key_id, user_id, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${BATCH_COLUMNS}`,
      [id, input.businessId, input.mode, totalRows, spool.chunks.length, input.scope, input.apiKeyId ?? null, ctx.actor.type === "user" ? ctx.actor.userId : null, ctx.requestId],
    );
    for await (const group of spool.groups(STORE_GROUP_BYTES)) {
      // Each sealed chunk its own parameter: sent as binary, where an array of them would go as hex text.
      const q = new Sql();
      const batchId = q.p(id, "uuid");
      const values = group.map((c) => `(${batchId}, ${q.p(c.chunkNo, "int")}, ${q.p(c.firstRow, "int")}, ${q.p(c.rowCount, "int")}, ${q.p(c.sealed)})`);
      await client.query(`INSERT INTO batch_chunk (batch_id, chunk_no, first_row, row_count, input) VALUES ${values.join(", ")}`, q.values);
    }
    const body: CreatedBatch = { message: "Batch accepted", data: toBatch(rows[0]!) };
    const hit = await hitApiLimit(input.businessId, input.mode, "batch", LIMITS.batchCreationsPerMinute);
    assertWithinLimit(hit, "batch", input.mode);
    if (scope) {
      await client.query(
        `UPDATE idempotency_record SET state = 'completed', response_status = 202, response = $4
          WHERE business_id = $1 AND mode = $2 AND key = $3`,
        [scope.businessId, scope.mode, scope.key, encrypt(JSON.stringify(body), encryptionContext(scope))],
      );
    }
    return { body, hit };
  });
}
