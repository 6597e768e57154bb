/**
 * The signed-in portal user for server components and route handlers: the same user, business
 * and mode resolution as the tRPC context, read from the incoming request's cookies.
 */
import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { authOptions } from "./options";
import { BUSINESS_COOKIE, MODE_COOKIE, loadPortalUser, selectMembership, selectMode } from "@/server/trpc/context";

export async function getPortalSession() {
  const session = (await getServerSession(authOptions())) as { userId?: string } | null;
  const user = await loadPortalUser(session?.userId);
  if (!user) return null;
  const jar = await cookies();
  return {
    user,
    membership: selectMembership(user, jar.get(BUSINESS_COOKIE)?.value),
    mode: selectMode(jar.get(MODE_COOKIE)?.value),
  };
}

export type PortalSession = NonNullable<Awaited<ReturnType<typeof getPortalSession>>>;
