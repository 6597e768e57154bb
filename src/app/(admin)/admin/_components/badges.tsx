/** Business states as badges, coloured by what the admin should notice (red = blocked, amber = waiting). */
import { Badge } from "@/components/ui/badge";

export function BusinessStatusBadge({ status }: { status: "active" | "suspended" }) {
  return <Badge tone={status === "active" ? "success" : "danger"}>{status === "active" ? "Active" : "Suspended"}</Badge>;
}

export function PlanBadge({ plan }: { plan: "starter" | "enterprise" }) {
  return <Badge tone={plan === "enterprise" ? "info" : "neutral"}>{plan === "enterprise" ? "Enterprise" : "Starter"}</Badge>;
}

const LIVE_ACCESS = {
  none: { tone: "neutral", label: "Not requested" },
  pending: { tone: "warning", label: "Pending review" },
  approved: { tone: "success", label: "Approved" },
  rejected: { tone: "danger", label: "Rejected" },
} as const;

export function LiveAccessBadge({ state }: { state: keyof typeof LIVE_ACCESS }) {
  return <Badge tone={LIVE_ACCESS[state].tone}>{LIVE_ACCESS[state].label}</Badge>;
}

export function ModeBadge({ mode }: { mode: "test" | "live" }) {
  return <Badge tone={mode === "live" ? "info" : "neutral"}>{mode}</Badge>;
}
