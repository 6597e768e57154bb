import { z } from "zod";
import { db } from "@/server/db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { badRequest } from "@/server/errors";
import { pageInput, skipTake, type Page } from "@/server/db/pagination";

export const listAuditEntriesInput = z.object({
  /** Matches the action and its sub-actions: `live_access` finds `live_access.approved`. */
  action: z.string().trim().max(100).optional(),
  businessId: z.uuid().optional(),
  /** Inclusive. */
  from: z.coerce.date().optional(),
  /** Exclusive. */
  to: z.coerce.date().optional(),
  ...pageInput,
});

/**
 * The audit log for platform admins, newest first, filtered by action, business and time. Each
 * entry is numbered in its chain (its business's, `platform` or `checkpoint`): 1, 2, 3... with no
 * gaps, as a rolled-back entry never takes a number; the row id, which may skip, is not shown.
 */
export async function listAuditEntries(ctx: ServiceContext, input: z.input<typeof listAuditEntriesInput> = {}) {
  const { action, businessId, from, to, ...page } = listAuditEntriesInput.parse(input);
  assertPlatformAdmin(ctx);
  if (from && to && from > to) throw badRequest("The start date must be before the end date", [{ field: "from", message: "Must be before the end date" }]);
  const where: Prisma.AuditLogEntryWhereInput = {
    ...(action ? { OR: [{ action }, { action: { startsWith: `${action}.` } }] } : {}),
    ...(businessId ? { businessId } : {}),
    ...(from || to ? { createdAt: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
  };
  const [rows, total] = await db().$transaction([
    db().auditLogEntry.findMany({
      where,
      orderBy: { id: "desc" },
      select: {
        id: true,
        action: true,
        businessId: true,
        mode: true,
        actorType: true,
        actorId: true,
        targetType: true,
        targetId: true,
        metadata: true,
        requestId: true,
        createdAt: true,
        chain: true,
        chainSeq: true,
      },
      ...skipTake(page),
    }),
    db().auditLogEntry.count({ where }),
  ]);
  // Entries keep only ids (they outlive renames); names, emails and key hints are looked up for display.
  const idsOf = (types: string[]) => [...new Set(rows.flatMap((r) => (r.actorId && types.includes(r.actorType) ? [r.actorId] : [])))];
  const businessIds = [...new Set(rows.flatMap((r) => (r.businessId ? [r.businessId] : [])))];
  const [businesses, users, keys] = await Promise.all([
    db().business.findMany({ where: { id: { in: businessIds } }, select: { id: true, name: true } }),
    db().user.findMany({ where: { id: { in: idsOf(["user", "admin"]) } }, select: { id: true, email: true } }),
    db().apiKey.findMany({ where: { id: { in: idsOf(["api_key"]) } }, select: { id: true, hint: true } }),
  ]);
  const names = new Map(businesses.map((b) => [b.id, b.name]));
  const actors = new Map([...users.map((u) => [u.id, u.email] as const), ...keys.map((k) => [k.id, `key ${k.hint}`] as const)]);
  const items = rows.map((r) => ({
    ...r,
    id: r.id.toString(),
    chainSeq: Number(r.chainSeq),
    businessName: r.businessId ? (names.get(r.businessId) ?? null) : null,
    /** Who acted, readable: a user's email, an API key's hint; null for the system or someone deleted. */
    actorName: r.actorId ? (actors.get(r.actorId) ?? null) : null,
    metadata: r.metadata as Record<string, unknown>,
  }));
  return { items, total, ...page } satisfies Page<unknown>;
}
