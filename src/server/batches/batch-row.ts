/** A batch as its table stores it, and as the API and portal show it. */
import type { Batch } from "@/contracts/batches";

export const BATCH_COLUMNS = `id, status, mode, total_rows, processed_rows, verified, not_found, expired, revoked, deceased, invalid,
  insufficient_credits, registry_error, credits_used, created_at, completed_at`;

export type BatchRow = {
  id: string;
  status: Batch["status"];
  mode: Batch["mode"];
  total_rows: number;
  processed_rows: number;
  verified: number;
  not_found: number;
  expired: number;
  revoked: number;
  deceased: number;
  invalid: number;
  insufficient_credits: number;
  registry_error: number;
  credits_used: number;
  created_at: Date;
  completed_at: Date | null;
};

export function toBatch(r: BatchRow): Batch {
  return {
    id: r.id,
    status: r.status,
    mode: r.mode,
    totalRows: r.total_rows,
    processedRows: r.processed_rows,
    counts: {
      verified: r.verified,
      not_found: r.not_found,
      expired: r.expired,
      revoked: r.revoked,
      deceased: r.deceased,
      invalid: r.invalid,
      insufficient_credits: r.insufficient_credits,
      registry_error: r.registry_error,
    },
    creditsUsed: r.credits_used,
    createdAt: r.created_at.toISOString(),
    completedAt: r.completed_at?.toISOString() ?? null,
  };
}
