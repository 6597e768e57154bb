/**
 * Audit checkpoints: an entry in the `checkpoint` chain that commits every other chain's head
 * (sequence number and hash) and their digest. Written by the periodic maintenance and by
 * `npm run cli -- audit:checkpoint`; `audit:export-checkpoint` publishes the latest one as JSON, to
 * be kept outside the database (a ticket, a mail, another system): whoever holds a copy can later
 * prove with `audit:verify --checkpoint FILE` that no chain lost entries it covered.
 */
import { z } from "zod";
import type pg from "pg";
import { pool } from "@/server/db/client";

/** What `audit:export-checkpoint` prints and `audit:verify --checkpoint` reads. */
export const exportedCheckpoint = z.object({
  chain: z.literal("checkpoint"),
  seq: z.number().int().min(1),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.string(),
  headsHash: z.string().regex(/^[0-9a-f]{64}$/),
  heads: z.record(z.string(), z.object({ seq: z.number().int().min(1), hash: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type ExportedCheckpoint = z.infer<typeof exportedCheckpoint>;

/**
 * Writes a checkpoint now, or not when the last one is younger than `minIntervalMs` or (with
 * `onlyIfChanged`) no chain moved since it. Returns the checkpoint's sequence number, or null.
 */
export async function writeAuditCheckpoint(o: { minIntervalMs?: number; onlyIfChanged?: boolean } = {}): Promise<number | null> {
  const { rows } = await pool().query<{ seq: string | null }>(
    "SELECT audit_checkpoint(make_interval(secs => $1), $2) AS seq",
    [(o.minIntervalMs ?? 0) / 1000, o.onlyIfChanged ?? false],
  );
  return rows[0]!.seq === null ? null : Number(rows[0]!.seq);
}

/** The latest checkpoint, as published; null when none was written yet. */
export async function latestAuditCheckpoint(client: pg.Pool | pg.PoolClient = pool()): Promise<ExportedCheckpoint | null> {
  const { rows } = await client.query<{ seq: string; hash: string; created_at: Date; metadata: { headsHash: string; heads: Record<string, { seq: number; hash: string }> } }>(
    "SELECT chain_seq AS seq, hash, created_at, metadata FROM audit_log_entry WHERE chain = 'checkpoint' ORDER BY chain_seq DESC LIMIT 1",
  );
  const row = rows[0];
  if (!row) return null;
  return {
    chain: "checkpoint",
    seq: Number(row.seq),
    hash: row.hash,
    createdAt: row.created_at.toISOString(),
    headsHash: row.metadata.headsHash,
    heads: row.metadata.heads,
  };
}
