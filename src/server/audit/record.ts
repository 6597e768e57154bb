/**
 * Appending to the audit log. The database chains and freezes entries (see the init migration);
 * callers pass their transaction so the entry commits with the change it records.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Mode } from "@/generated/prisma/enums";
import { actorRef, type ServiceContext } from "@/server/context";

type Tx = Pick<Prisma.TransactionClient, "auditLogEntry">;

export type AuditEntry = {
  action: string;
  businessId?: string | null;
  mode?: Mode | null;
  targetType?: string;
  targetId?: string;
  /** Never personal data: no national IDs, keys, names of citizens or passwords. */
  metadata?: Record<string, string | number | boolean | null>;
};

export async function recordAudit(tx: Tx, ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  await tx.auditLogEntry.create({
    data: {
      ...actorRef(ctx.actor),
      action: entry.action,
      businessId: entry.businessId ?? null,
      mode: entry.mode ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      metadata: entry.metadata ?? {},
      requestId: ctx.requestId,
    },
  });
}
