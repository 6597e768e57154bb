import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@/server/trpc/routers/_app";
import "@/contracts/validation-messages";

/** Field errors the server's errorFormatter attached to a failed mutation, keyed by input field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data;
    return data?.fieldErrors ?? {};
  }
  return {};
}

/** Client-side validation with the server's schema, giving the same field errors shape. */
export function validate<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
  return { data: undefined, errors };
}
