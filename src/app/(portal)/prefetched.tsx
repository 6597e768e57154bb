import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import type { Role } from "@/contracts/roles";
import { getPortalSession } from "@/server/auth/portal-session";
import { getPrefetchClient, prefetchTrpc } from "@/server/trpc/prefetch";

/**
 * A portal page whose first paint shows its data: the queries its client components ask for on
 * arrival (`client.prefetchQuery` each) are answered on the server and handed to the browser's
 * cache, so no loading state shows and nothing moves as the data comes. Each must be asked exactly
 * as the component asks it (same input), or the component fetches its own. Only for a member the
 * portal's layout lets in: anyone else's calls would only be refused.
 */
export async function Prefetched({
  prefetch,
  children,
}: {
  prefetch: (client: QueryClient, trpc: typeof prefetchTrpc, role: Role) => (Promise<void> | false)[];
  children: React.ReactNode;
}) {
  const queryClient = getPrefetchClient();
  const session = await getPortalSession();
  if (session?.membership && !session.mustEnrolTwoFactor) await Promise.all(prefetch(queryClient, prefetchTrpc, session.membership.role));
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
