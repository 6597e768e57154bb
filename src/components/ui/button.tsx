"use client";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button-classes";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  busy?: boolean;
};

/**
 * Disabled until the page is hydrated: a click on the server's HTML would do nothing (no handler
 * yet), and a submit button would let the browser send its form natively, as a GET with the fields
 * (a password among them) in the address.
 */
export function Button({ variant, size, busy, className, children, disabled, type = "button", ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button type={type} className={cn(buttonClasses(variant, size), className)} disabled={disabled || busy || !hydrated} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="size-3.5 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden />}
      {children}
    </button>
  );
}
