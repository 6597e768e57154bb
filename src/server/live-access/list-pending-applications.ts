import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { pageInput, skipTake, type Page } from "@/server/db/pagination";

export const listPendingApplicationsInput = z.object(pageInput);

const applicationFields = {
  id: true,
  businessId: true,
  legalName: true,
  registrationNumber: true,
  country: true,
  address: true,
  contactName: true,
  contactEmail: true,
  intendedUse: true,
  expectedMonthlyVolume: true,
  createdAt: true,
  business: { select: { name: true } },
} as const;

/** The admin review queue: pending applications, oldest first so none waits forever. */
export async function listPendingApplications(ctx: ServiceContext, input: z.input<typeof listPendingApplicationsInput> = {}) {
  const page = listPendingApplicationsInput.parse(input);
  assertPlatformAdmin(ctx);
  const where = { status: "pending" } as const;
  const [items, total] = await db().$transaction([
    db().liveAccessApplication.findMany({ where, orderBy: { createdAt: "asc" }, select: applicationFields, ...skipTake(page) }),
    db().liveAccessApplication.count({ where }),
  ]);
  return { items, total, ...page } satisfies Page<unknown>;
}
