/**
 * Create a batch from an uploaded file (product rules §18). The file is read as it streams in and
 * stored chunk by chunk (encrypted) inside ONE transaction, so a file found malformed at its last
 * line leaves nothing behind, and workers see the batch only once it is whole. The Idempotency-Key
 * is claimed when the file's digest is known, and completed by the same commit.
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

/** Thrown inside the upload's transaction to roll it back when the key replays an earlier batch. */
class Replay {
  constructor(readonly body: CreatedBatch) {}
}

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
  let scope: IdempotencyScope | null = null;
  let limitHeaders: Record<string, string> | undefined;
  try {
    const body = await transaction(async (client) => {
      await client.query(
        `INSERT INTO batch (id, business_id, mode, total_rows, chunk_count, scope, api_key_id, user_id, request_id)
         VALUES ($1, $2, $3, 0, 0, $4, $5, $6, $7)`,
        [id, input.businessId, input.mode, input.scope, input.apiKeyId ?? null, ctx.actor.type === "user" ? ctx.actor.userId : null, ctx.requestId],
      );
      let chunkNo = 0;
      let firstRow = 1;
      const summary = await readUpload(input.body, input.contentType, input.policy, env().BATCH_CHUNK_ROWS, async ({ rows }) => {
        chunkNo++;
        await client.query(`INSERT INTO batch_chunk (batch_id, chunk_no, first_row, row_count, input) VALUES ($1, $2, $3, $4, $5)`, [
          id,
          chunkNo,
          firstRow,
          rows.length,
          sealChunk(id, chunkNo, rows),
        ]);
        firstRow += rows.length;
      });
      const { rows } = await client.query<BatchRow>(`UPDATE batch SET total_rows = $2, chunk_count = $3 WHERE id = $1 RETURNING ${BATCH_COLUMNS}`, [
        id,
        summary.totalRows,
        chunkNo,
      ]);
      const created: CreatedBatch = { message: "Batch accepted", data: toBatch(rows[0]!) };
      const claim = input.claimIdempotency ? await input.claimIdempotency({ file: summary.digest }) : null;
      if (claim && "replay" in claim) throw new Replay(claim.replay as CreatedBatch);
      scope = claim?.scope ?? null;
      // Last before the commit: a batch refused here (the 11th in a minute) rolls back whole.
      const hit = await hitApiLimit(input.businessId, input.mode, "batch", LIMITS.batchCreationsPerMinute);
      assertWithinLimit(hit, "batch", input.mode);
      limitHeaders = rateLimitHeaders(hit);
      if (scope) {
        await client.query(
          `UPDATE idempotency_record SET state = 'completed', response_status = 202, response = $4
            WHERE business_id = $1 AND mode = $2 AND key = $3`,
          [scope.businessId, scope.mode, scope.key, encrypt(JSON.stringify(created), encryptionContext(scope))],
        );
      }
      return created;
    });
    return { body, replayed: false, headers: limitHeaders };
  } catch (error) {
    if (error instanceof Replay) return { body: error.body, replayed: true };
    // The claim was taken but nothing committed: free it, so the client can retry with the same key.
    if (scope) await releaseIdempotencyKey(scope);
    throw error;
  }
}
