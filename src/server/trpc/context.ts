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
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/i18n/locales";
import { LOCALE_COOKIE, pickLocale } from "@/i18n/pick-locale";

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
  twoFactorEnabled: boolean;
  /** The language the user chose for the portal and emails. */
  locale: Locale;
  /** The server-side session the request's cookie names (absent for callers built in tests). */
  sessionId?: string;
  memberships: { businessId: string; businessName: string; role: Role; requireTwoFactor: boolean; suspended: boolean }[];
};

/** What a signed-in browser's cookie says: the user and the session row it names. */
export type CookieSession = { userId?: string; sessionId?: string } | null;

/**
 * The user behind a request. With a cookie session, the session row must be live (not ended, not
 * expired): a session ended elsewhere signs the browser out on its next request.
 */
export async function loadPortalUser(userId: string | undefined, cookie?: CookieSession): Promise<PortalUser | null> {
  if (!userId) return null;
  const user = await db().user.findUnique({
    where: { id: userId },
    include: {
      memberships: { include: { business: { select: { name: true, requireTwoFactor: true, status: true } } }, orderBy: { createdAt: "asc" } },
      ...(cookie ? { sessions: { where: { id: cookie.sessionId ?? "00000000-0000-0000-0000-000000000000", revokedAt: null, expiresAt: { gt: new Date() } }, select: { id: true, lastSeenAt: true } } } : {}),
    },
  });
  if (!user) return null;
  const session = cookie ? (user as { sessions?: { id: string; lastSeenAt: Date }[] }).sessions?.[0] : undefined;
  if (cookie && !session) return null;
  if (session) touchSession(session);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isPlatformAdmin: user.isPlatformAdmin,
    twoFactorEnabled: user.totpEnabledAt !== null,
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    sessionId: session?.id,
    memberships: user.memberships.map((m) => ({
      businessId: m.businessId,
      businessName: m.business.name,
      role: m.role,
      requireTwoFactor: m.business.requireTwoFactor,
      suspended: m.business.status === "suspended",
    })),
  };
}

/** "Last seen" is written at most once a minute per session, never awaited by the request. */
function touchSession(session: { id: string; lastSeenAt: Date }): void {
  if (session.lastSeenAt.getTime() > Date.now() - 60_000) return;
  db()
    .userSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date() } })
    .catch(() => undefined);
}

/** Platform admins, and members of a business that requires it, must turn on two-factor sign-in first. */
export const mustEnrolTwoFactor = (user: PortalUser, membership: PortalUser["memberships"][number] | undefined) =>
  !user.twoFactorEnabled && (user.isPlatformAdmin || membership?.requireTwoFactor === true);


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
  /** The language the browser is shown, for field errors in it (English when absent, as for callers built in tests). */
  locale?: Locale;
  /** Known when the request came through a proxy (or Next.js) that sets X-Forwarded-For. */
  clientAddress?: string;
};

export async function createTrpcContext({ req }: { req: Request }): Promise<TrpcContext> {
  const session = (await getServerSession(authOptions())) as CookieSession;
  const user = await loadPortalUser(session?.userId, session);
  return trpcContextFor(user, (name) => cookie(req, name), req.headers);
}

/**
 * The context for `user`, with the business, mode and language its cookies select: one rule for
 * a call from the browser and a server component's prefetch (src/server/trpc/prefetch.ts).
 */
export function trpcContextFor(user: PortalUser | null, cookieOf: (name: string) => string | undefined, headers: { get(name: string): string | null }): TrpcContext {
  return {
    user,
    membership: selectMembership(user, cookieOf(BUSINESS_COOKIE)),
    mode: selectMode(cookieOf(MODE_COOKIE)),
    locale: pickLocale({ saved: user?.locale, cookie: cookieOf(LOCALE_COOKIE), acceptLanguage: headers.get("accept-language") }),
    requestId: newRequestId(),
    clientAddress: clientAddress(headers, env().TRUSTED_PROXY_HOPS),
  };
}
