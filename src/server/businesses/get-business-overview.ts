import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { notFound } from "@/server/errors";
import { creditBalance } from "@/server/credits/credit-balance";

export const getBusinessOverviewInput = z.object({ businessId: z.uuid() });

/** "Recent" for the overview's verification count. */
export const RECENT_DAYS = 30;
const RECENT_AUDIT_ENTRIES = 10;

/**
 * What an admin needs on one business's page: its settings, usage, members, the contact named in
 * its latest live-access application, and its latest audited actions.
 */
export async function getBusinessOverview(ctx: ServiceContext, input: z.input<typeof getBusinessOverviewInput>) {
  const { businessId } = getBusinessOverviewInput.parse(input);
  assertPlatformAdmin(ctx);
  const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
  const activeKey = { businessId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] };
  const recent = { businessId, createdAt: { gte: since } };
  const [business, testKeys, liveKeys, testVerifications, liveVerifications, auditEntries] = await db().$transaction([
    db().business.findUnique({
      where: { id: businessId },
      select: {
        id: true,
        name: true,
        status: true,
        plan: true,
        liveAccess: true,
        rateLimitPerMinute: true,
        createdAt: true,
        memberships: {
          orderBy: { createdAt: "asc" },
          select: { role: true, createdAt: true, user: { select: { name: true, email: true } } },
        },
        applications: { orderBy: { createdAt: "desc" }, take: 1, select: { contactName: true, contactEmail: true } },
      },
    }),
    db().apiKey.count({ where: { ...activeKey, mode: "test" } }),
    db().apiKey.count({ where: { ...activeKey, mode: "live" } }),
    db().verification.count({ where: { ...recent, mode: "test" } }),
    db().verification.count({ where: { ...recent, mode: "live" } }),
    db().auditLogEntry.findMany({
      where: { businessId },
      orderBy: { id: "desc" },
      take: RECENT_AUDIT_ENTRIES,
      select: { id: true, action: true, actorType: true, mode: true, createdAt: true },
    }),
  ]);
  if (!business) throw notFound("Business not found");
  const { memberships, applications, ...rest } = business;
  return {
    ...rest,
    creditBalance: await creditBalance(businessId),
    members: memberships.map((m) => ({ name: m.user.name, email: m.user.email, role: m.role, since: m.createdAt })),
    contact: applications[0] ? { name: applications[0].contactName, email: applications[0].contactEmail } : null,
    activeKeys: { test: testKeys, live: liveKeys },
    recentVerifications: { test: testVerifications, live: liveVerifications },
    recentAuditEntries: auditEntries.map((e) => ({ ...e, id: e.id.toString() })),
  };
}
