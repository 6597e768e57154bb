import { z } from "zod";
import { db } from "@/server/db/client";
import { pageLimit, pageNumber, skipTake } from "@/server/db/pagination";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";

export const REQUEST_LOG_DAYS = 30;

export const listRequestLogInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  requestId: z.string().trim().max(64).optional(),
  page: pageNumber,
  limit: pageLimit(25),
});

/**
 * The business's /api/v1 requests of the last 30 days in one mode, newest first, each with the
 * outcome its verification has now: a verify answered 202 shows `pending` until its lookup lands,
 * then the final result.
 */
export async function listRequestLog(ctx: ServiceContext, input: z.input<typeof listRequestLogInput>) {
  const { businessId, mode, requestId, page, limit } = listRequestLogInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const where = {
    businessId,
    mode,
    createdAt: { gte: new Date(Date.now() - REQUEST_LOG_DAYS * 86_400_000) },
    ...(requestId ? { requestId } : {}),
  };
  const [entries, total] = await Promise.all([
    db().requestLogEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...skipTake({ page, limit }),
      select: {
        id: true,
        method: true,
        path: true,
        status: true,
        latencyMs: true,
        apiKeyHint: true,
        requestId: true,
        idempotencyKey: true,
        verificationId: true,
        createdAt: true,
      },
    }),
    db().requestLogEntry.count({ where }),
  ]);
  const verificationIds = [...new Set(entries.flatMap((e) => (e.verificationId ? [e.verificationId] : [])))];
  const outcomes = new Map(
    verificationIds.length === 0
      ? []
      : (await db().verification.findMany({ where: { businessId, id: { in: verificationIds } }, select: { id: true, result: true } })).map((v) => [v.id, v.result]),
  );
  return {
    data: entries.map((e) => ({ ...e, id: e.id.toString(), outcome: (e.verificationId && outcomes.get(e.verificationId)) || null })),
    pagination: { page, limit, total },
  };
}
