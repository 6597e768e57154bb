import { cn } from "./cn";

const VARIANTS = {
  primary: "bg-blue-800 text-white hover:bg-blue-900 focus-visible:outline-blue-800 disabled:bg-blue-800/50",
  secondary: "bg-white text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-blue-800",
  // Outlined: a destructive action never looks like the page's main action beside it.
  danger: "bg-white text-red-700 ring-1 ring-inset ring-red-300 hover:bg-red-50 focus-visible:outline-red-700 disabled:text-red-700/50",
  // The confirmation of a destructive action, inside its dialog: the one solid red button.
  dangerSolid: "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700 disabled:bg-red-700/50",
  ghost: "text-slate-700 hover:bg-slate-100 focus-visible:outline-blue-800",
} as const;

const SIZES = { sm: "px-2.5 py-1.5 text-xs", md: "px-3.5 py-2 text-sm" } as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** The look of a button, for `<Button>` and for links that look like one (server components too). */
export const buttonClasses = (variant: ButtonVariant = "primary", size: ButtonSize = "md") =>
  cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium shadow-sm transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed",
    VARIANTS[variant],
    SIZES[size],
  );
