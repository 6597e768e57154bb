import { useTranslations } from "next-intl";
import type { z } from "zod";
import { localizeIssue } from "@/contracts/validation-messages";

type Schema<T> = { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } } };

/**
 * Client-side validation with the server's schema, giving field errors (`{ field: message }`) in
 * the reader's language, the same shape the server's errors come in (fieldErrorsOf).
 */
export function useValidate() {
  const t = useTranslations("common.validation");
  return <T,>(schema: Schema<T>, value: unknown) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { data: parsed.data, errors: {} as Record<string, string> };
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= localizeIssue(issue, t);
    return { data: undefined, errors };
  };
}
