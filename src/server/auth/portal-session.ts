/**
 * The signed-in portal user for server components and route handlers: the same user, business
 * and mode resolution as the tRPC context, read from the incoming request's cookies.
 */
import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
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
  type CookieSession,
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
