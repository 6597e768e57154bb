/**
 * A chunk's input rows as stored until the chunk is processed: one AES-256-GCM blob (server key)
 * per chunk, bound to its batch and chunk number, so national IDs and claimed names are never at
 * rest in clear. The processing transaction deletes it.
 */
import type { ConsentRequest, MatchRequest } from "@/contracts/verifications";
import { decrypt, encrypt } from "@/server/crypto/secrets";
import type { RegistryMatch } from "@/server/registry/types";

/** A valid row (a verify request) or the reason it is `invalid`. */
export type BatchInputRow =
  | { nationalId: string; purpose: string | null; match: MatchRequest | null; consent: ConsentRequest | null }
  | { error: string };

const context = (batchId: string, chunkNo: number) => `batch-chunk:${batchId}:${chunkNo}`;

export const sealChunk = (batchId: string, chunkNo: number, rows: BatchInputRow[]): Buffer =>
  encrypt(JSON.stringify(rows), context(batchId, chunkNo));

export const openChunk = (batchId: string, chunkNo: number, sealed: Uint8Array): BatchInputRow[] =>
  JSON.parse(decrypt(sealed, context(batchId, chunkNo))) as BatchInputRow[];

/**
 * What the registry answered for some of a paused chunk's rows, by position among the rows it
 * looks up (null: a record that has no result); they hold citizen details, so they are sealed too,
 * and deleted with the chunk's input.
 */
export type KeptAnswers = Record<number, RegistryMatch | null>;

const answersContext = (batchId: string, chunkNo: number) => `batch-chunk-answers:${batchId}:${chunkNo}`;

export const sealAnswers = (batchId: string, chunkNo: number, answers: KeptAnswers): Buffer =>
  encrypt(JSON.stringify(answers), answersContext(batchId, chunkNo));

export const openAnswers = (batchId: string, chunkNo: number, sealed: Uint8Array | null): KeptAnswers =>
  sealed ? (JSON.parse(decrypt(sealed, answersContext(batchId, chunkNo))) as KeptAnswers) : {};
