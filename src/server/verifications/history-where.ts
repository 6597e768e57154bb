import type { HistoryFilters } from "@/contracts/history-filters";

/** The Prisma filter for a business's history in one mode. A reference matches on any part, as in the list (it holds no LIKE wildcard: see the schema). */
export function historyWhere(businessId: string, mode: "test" | "live", f: HistoryFilters) {
  return {
    businessId,
    mode,
    ...(f.result ? { result: f.result } : {}),
    ...(f.channel ? { channel: f.channel } : {}),
    ...(f.reference ? { reference: { contains: f.reference } } : {}),
    ...(f.last4 ? { nationalIdLast4: f.last4 } : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
  };
}
