"use client";
import { useState } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { fieldErrorsOf, validate } from "@/trpc/errors";

type Schema<T> = Parameters<typeof validate<T>>[0];

/**
 * A form's mutation with the server's schema checked first: field errors (the browser's or the
 * server's) beside the inputs, anything else as one error above the form, one submission at a time.
 */
export function useFormMutation<T, R>(schema: Schema<T>, mutation: UseMutationResult<R, unknown, T>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (values: unknown) => {
    const { data, errors } = validate(schema, values);
    setErrors(errors);
    if (!data || mutation.isPending) return;
    mutation.mutate(data, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  const serverError = mutation.error && Object.keys(fieldErrorsOf(mutation.error)).length === 0 ? (mutation.error as { message: string }) : null;
  return { errors, setErrors, submit, serverError };
}
