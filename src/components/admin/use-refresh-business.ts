"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";

/** After an admin action: refetch the business page and the business list it appears in. */
export function useRefreshBusiness() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.businesses.get.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.businesses.search.pathKey() }),
    ]);
}
