import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/trpc/routers/_app";

/** Field errors the server's errorFormatter attached to a failed mutation, keyed by input field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data;
    return data?.fieldErrors ?? {};
  }
  return {};
}
