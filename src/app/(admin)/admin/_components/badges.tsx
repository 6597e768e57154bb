/** Small status pills, coloured by what the admin should notice (red = blocked, amber = waiting). */
const TONE = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  good: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warn: "bg-amber-50 text-amber-800 ring-amber-200",
  bad: "bg-red-50 text-red-800 ring-red-200",
  info: "bg-blue-50 text-blue-800 ring-blue-200",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONE; children: React.ReactNode }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[tone]}`}>{children}</span>;
}

export function BusinessStatusBadge({ status }: { status: "active" | "suspended" }) {
  return <Badge tone={status === "active" ? "good" : "bad"}>{status === "active" ? "Active" : "Suspended"}</Badge>;
}

export function PlanBadge({ plan }: { plan: "starter" | "enterprise" }) {
  return <Badge tone={plan === "enterprise" ? "info" : "neutral"}>{plan === "enterprise" ? "Enterprise" : "Starter"}</Badge>;
}

const LIVE_ACCESS = {
  none: { tone: "neutral", label: "Not requested" },
  pending: { tone: "warn", label: "Pending review" },
  approved: { tone: "good", label: "Approved" },
  rejected: { tone: "bad", label: "Rejected" },
} as const;

export function LiveAccessBadge({ state }: { state: keyof typeof LIVE_ACCESS }) {
  return <Badge tone={LIVE_ACCESS[state].tone}>{LIVE_ACCESS[state].label}</Badge>;
}
