/**
 * tRPC context: the signed-in user (if any), which business they act for, and the portal mode
 * (test/live) chosen with the mode switch. Both selections travel as cookies.
 */
import { getServerSession } from "next-auth";
import { authOptions } from "@/server/auth/options";
import { db } from "@/server/db/client";
import { newRequestId } from "@/server/crypto/identifiers";
import { clientAddress } from "@/server/http/client-address";
import { env } from "@/env";
import type { Mode, Role } from "@/generated/prisma/enums";

export const MODE_COOKIE = "hubi_mode";
export const BUSINESS_COOKIE = "hubi_business";

function cookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

export type PortalUser = {
  id: string;
  email: string;
  name: string;
  isPlatformAdmin: boolean;
  memberships: { businessId: string; businessName: string; role: Role }[];
};

export async function loadPortalUser(userId: string | undefined): Promise<PortalUser | null> {
  if (!userId) return null;
  const user = await db().user.findUnique({
    where: { id: userId },
    include: { memberships: { include: { business: { select: { name: true } } }, orderBy: { createdAt: "asc" } } },
  });
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isPlatformAdmin: user.isPlatformAdmin,
    memberships: user.memberships.map((m) => ({ businessId: m.businessId, businessName: m.business.name, role: m.role })),
  };
}


/** The business chosen with the switcher, or the user's first business. */
export const selectMembership = (user: PortalUser | null, wanted: string | undefined) =>
  user?.memberships.find((m) => m.businessId === wanted) ?? user?.memberships[0];

/** Test mode unless live was chosen explicitly, so nobody lands in live mode by accident. */
export const selectMode = (value: string | undefined): Mode => (value === "live" ? "live" : "test");

export type TrpcContext = {
  user: PortalUser | null;
  membership: PortalUser["memberships"][number] | undefined;
  mode: Mode;
  requestId: string;
  /** Known when the request came through a proxy (or Next.js) that sets X-Forwarded-For. */
  clientAddress?: string;
};

export async function createTrpcContext({ req }: { req: Request }): Promise<TrpcContext> {
  const session = (await getServerSession(authOptions())) as { userId?: string } | null;
  const user = await loadPortalUser(session?.userId);
  const membership = selectMembership(user, cookie(req, BUSINESS_COOKIE));
  const mode = selectMode(cookie(req, MODE_COOKIE));
  return { user, membership, mode, requestId: newRequestId(), clientAddress: clientAddress(req.headers, env().TRUSTED_PROXY_HOPS) };
}
