"use client";
/**
 * Portal actions that create or move something (product rules §22). The form's submission token
 * goes with the input; the server applies a token once. Here a click while the action is pending
 * is ignored (a double click sends one request), a retry after a failure or a lost response reuses
 * the token (so the server answers with the first result if it had already acted), and a fresh
 * token is drawn only after a success, for the next submission.
 */
import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { useRef } from "react";

type WithoutToken<T> = T extends unknown ? Omit<T, "submissionId"> : never;

/** A random UUID (v4). `crypto.randomUUID` needs a secure context; `getRandomValues` does not. */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function useSubmission<TData, TError, TInput extends { submissionId: string }, TContext>(
  options: UseMutationOptions<TData, TError, TInput, TContext>,
) {
  const token = useRef<string | null>(null);
  const pending = useRef(false);
  const mutation = useMutation(options);
  const submit = (input: WithoutToken<TInput>) => {
    if (pending.current) return;
    pending.current = true;
    token.current ??= newSubmissionId();
    mutation.mutate({ ...input, submissionId: token.current } as unknown as TInput, {
      onSuccess: () => {
        token.current = null;
      },
      onSettled: () => {
        pending.current = false;
      },
    });
  };
  return { ...mutation, submit };
}
