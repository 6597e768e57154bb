import { cn } from "./cn";

const TONES = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-300",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/30",
  danger: "bg-red-50 text-red-800 ring-red-600/30",
  info: "bg-blue-50 text-blue-800 ring-blue-700/30",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: React.ReactNode }) {
  return <span className={cn("inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset", TONES[tone])}>{children}</span>;
}
