"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

const YEAR = 365 * 86_400;

type SelectionCookie = "hubi_mode" | "hubi_business";

export function writeSelectionCookie(name: SelectionCookie, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR}; samesite=lax`;
}

/**
 * Switching business or mode: store the choice in its cookie (the server reads it on every
 * request), drop cached data of the old selection and re-render the server components.
 */
export function useSelectionCookie(name: SelectionCookie) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (value: string) => {
    writeSelectionCookie(name, value);
    queryClient.clear();
    router.refresh();
  };
}
