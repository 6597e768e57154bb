/**
 * tRPC for server components: a page prefetches the queries its client components will ask for and
 * hands the answers to the browser's cache with a HydrationBoundary, so that its first paint shows
 * the data (no loading state, nothing moving when the data comes). The calls go straight to the
 * procedures, with the page's own session as their context.
 */
import "server-only";
import { cache } from "react";
import { QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import { getServerComponentTrpcContext } from "@/server/auth/portal-session";
import { appRouter } from "./routers/_app";

/**
 * One per server request: every prefetch of the page lands in it, and it is dehydrated once, in
 * the form the browser's cache reads (superjson, as src/trpc/query-client.ts hydrates it).
 */
export const getPrefetchClient = cache(() => new QueryClient({ defaultOptions: { dehydrate: { serializeData: superjson.serialize } } }));

export const prefetchTrpc = createTRPCOptionsProxy({ ctx: getServerComponentTrpcContext, router: appRouter, queryClient: getPrefetchClient });
