import { defaultShouldDehydrateQuery, MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import superjson from "superjson";
import { leaveIfSessionEnded } from "./session-ended";

export function makeQueryClient() {
  const inBrowser = typeof window !== "undefined";
  return new QueryClient({
    queryCache: new QueryCache({ onError: inBrowser ? leaveIfSessionEnded : undefined }),
    mutationCache: new MutationCache({ onError: inBrowser ? leaveIfSessionEnded : undefined }),
    defaultOptions: {
      // Avoid an immediate refetch after hydration; data is fresh for 30 s.
      queries: { staleTime: 30_000, retry: 1 },
      dehydrate: {
        serializeData: superjson.serialize,
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === "pending",
      },
      hydrate: { deserializeData: superjson.deserialize },
    },
  });
}
