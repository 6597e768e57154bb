/** Reading tRPC errors in forms: the message to show, and per-field messages from zod failures. */
import { TRPCClientError } from "@trpc/client";

type ErrorData = { fieldErrors?: Record<string, string> };

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Try again.";
}

export function serverFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError) return (error.data as ErrorData | undefined)?.fieldErrors ?? {};
  return {};
}
