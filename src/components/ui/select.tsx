"use client";
import { ChevronDown } from "lucide-react";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

/**
 * The one select: the native control (keyboard, screen readers and phones' pickers come with it)
 * drawn like the text fields, with the icon set's chevron instead of the browser's arrow. Disabled
 * until the page is hydrated, as buttons are: a choice made before would reach no handler.
 */
export function Select({ className, children, disabled, ...select }: React.SelectHTMLAttributes<HTMLSelectElement>) {
  const hydrated = useHydrated();
  return (
    <span className="relative block">
      <select
        className={cn(
          "block w-full appearance-none rounded-md border-0 bg-white py-2 pr-9 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300",
          "focus:ring-2 focus:ring-inset focus:ring-blue-800 aria-[invalid=true]:ring-red-600",
          className,
        )}
        disabled={disabled || !hydrated}
        {...select}
      >
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500" />
    </span>
  );
}
