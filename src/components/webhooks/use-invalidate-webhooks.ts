"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";

/** After any change, refetch everything on the page (endpoint state and deliveries). */
export function useInvalidateWebhooks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.webhooks.pathFilter());
}
