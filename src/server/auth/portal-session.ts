/**
 * The signed-in portal user for server components and route handlers: the same user, business
 * and mode resolution as the tRPC context, read from the incoming request's cookies.
 */
import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { authOptions } from "./options";
import { newRequestId } from "@/server/crypto/identifiers";
import {
  BUSINESS_COOKIE,
  MODE_COOKIE,
  loadPortalUser,
  mustEnrolTwoFactor,
  selectMembership,
  selectMode,
  trpcContextFor,
  type CookieSession,
  type TrpcContext,
} from "@/server/trpc/context";
import { userServiceContext } from "@/server/trpc/service-context";

/** Once per request, however many layouts, guards and pages ask. */
export const getPortalSession = cache(async () => {
  // The cookies first: when the build tries to prerender a page, this marks it as rendered per
  // request before anything reads the environment, which the build does not have.
  const jar = await cookies();
  const session = (await getServerSession(authOptions())) as CookieSession;
  const user = await loadPortalUser(session?.userId, session);
  if (!user) return null;
  const membership = selectMembership(user, jar.get(BUSINESS_COOKIE)?.value);
  return { user, membership, mode: selectMode(jar.get(MODE_COOKIE)?.value), mustEnrolTwoFactor: mustEnrolTwoFactor(user, membership) };
});

/**
 * The tRPC context of a server component's prefetch (src/server/trpc/prefetch.ts): the page's own session,
 * selections and language, as the same call from the browser would have them.
 */
export const getServerComponentTrpcContext = cache(async (): Promise<TrpcContext> => {
  const [portal, jar, incoming] = await Promise.all([getPortalSession(), cookies(), headers()]);
  return trpcContextFor(portal?.user ?? null, (name) => jar.get(name)?.value, incoming);
});

/** For pages and route handlers that call a service for the selected business; null when not a member. */
export async function getMemberServiceContext() {
  const session = await getPortalSession();
  if (!session?.membership || session.mustEnrolTwoFactor) return null;
  return {
    ctx: userServiceContext(session.user, session.membership, newRequestId()),
    businessId: session.membership.businessId,
    role: session.membership.role,
    mode: session.mode,
  };
}
