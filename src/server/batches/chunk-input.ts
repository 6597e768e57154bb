/**
 * A chunk's input rows as stored until the chunk is processed: one AES-256-GCM blob (server key)
 * per chunk, bound to its batch and chunk number, so national IDs and claimed names are never at
 * rest in clear. The processing transaction deletes it.
 */
import type { ConsentRequest, MatchRequest } from "@/contracts/verifications";
import { decrypt, encrypt } from "@/server/crypto/secrets";

/** A valid row (a verify request) or the reason it is `invalid`. */
export type BatchInputRow =
  | { nationalId: string; purpose: string | null; match: MatchRequest | null; consent: ConsentRequest | null }
  | { error: string };

const context = (batchId: string, chunkNo: number) => `batch-chunk:${batchId}:${chunkNo}`;

export const sealChunk = (batchId: string, chunkNo: number, rows: BatchInputRow[]): Buffer =>
  encrypt(JSON.stringify(rows), context(batchId, chunkNo));

export const openChunk = (batchId: string, chunkNo: number, sealed: Uint8Array): BatchInputRow[] =>
  JSON.parse(decrypt(sealed, context(batchId, chunkNo))) as BatchInputRow[];
