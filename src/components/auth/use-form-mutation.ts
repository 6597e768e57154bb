"use client";
import { useState } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { z } from "zod";
import { useValidate } from "@/components/i18n/use-validate";
import { fieldErrorsOf } from "@/trpc/errors";

type Schema<T> = { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } } };

/**
 * A form's mutation with the server's schema checked first: field errors (the browser's or the
 * server's, in the reader's language) beside the inputs, anything else as one error above the
 * form, one submission at a time.
 */
export function useFormMutation<T, R>(schema: Schema<T>, mutation: UseMutationResult<R, unknown, T>) {
  const validate = useValidate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (values: unknown) => {
    const { data, errors } = validate<T>(schema, values);
    setErrors(errors);
    if (!data || mutation.isPending) return;
    mutation.mutate(data, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  const serverError = mutation.error && Object.keys(fieldErrorsOf(mutation.error)).length === 0 ? mutation.error : null;
  return { errors, setErrors, submit, serverError };
}
