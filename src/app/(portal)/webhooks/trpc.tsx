"use client";
/**
 * Stand-in for the portal's shared tRPC React client (`@/trpc/client`), which is built on another
 * branch. When it lands: re-export its `useTRPC` here and drop `WebhooksTrpcProvider` from the
 * page, since the portal layout provides the client.
 */
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { AppRouter } from "@/server/trpc/routers/_app";

const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
export { useTRPC };

export function WebhooksTrpcProvider({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", transformer: superjson })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
