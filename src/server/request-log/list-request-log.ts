import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";

export const REQUEST_LOG_DAYS = 30;

export const listRequestLogInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  requestId: z.string().trim().max(64).optional(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(25),
});

/** The business's /api/v1 requests of the last 30 days in one mode, newest first. */
export async function listRequestLog(ctx: ServiceContext, input: z.input<typeof listRequestLogInput>) {
  const { businessId, mode, requestId, page, limit } = listRequestLogInput.parse(input);
  assertBusinessAccess(ctx, businessId, "viewer");
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
      skip: (page - 1) * limit,
      take: limit,
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
  return { data: entries.map((e) => ({ ...e, id: e.id.toString() })), pagination: { page, limit, total } };
}
