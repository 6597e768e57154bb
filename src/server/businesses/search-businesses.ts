import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { pageInput, skipTake, type Page } from "@/server/db/pagination";
import { creditBalances } from "@/server/credits/credit-balance";

export const searchBusinessesInput = z.object({
  query: z.string().trim().max(120).default(""),
  ...pageInput,
});

/** Admin list of businesses, optionally narrowed by a case-insensitive name match; newest first. */
export async function searchBusinesses(ctx: ServiceContext, input: z.input<typeof searchBusinessesInput> = {}) {
  const { query, ...page } = searchBusinessesInput.parse(input);
  assertPlatformAdmin(ctx);
  const where = query ? { name: { contains: query, mode: "insensitive" as const } } : {};
  const [items, total] = await db().$transaction([
    db().business.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, name: true, status: true, plan: true, liveAccess: true, createdAt: true },
      ...skipTake(page),
    }),
    db().business.count({ where }),
  ]);
  const balances = await creditBalances(items.map((b) => b.id));
  return { items: items.map((b) => ({ ...b, creditBalance: balances.get(b.id)! })), total, ...page } satisfies Page<unknown>;
}
