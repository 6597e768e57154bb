/** Business states as badges, coloured by what the admin should notice (red = blocked, amber = waiting). */
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";

export function BusinessStatusBadge({ status }: { status: "active" | "suspended" }) {
  const t = useTranslations("admin.status");
  return <Badge tone={status === "active" ? "success" : "danger"}>{t(status)}</Badge>;
}

export function PlanBadge({ plan }: { plan: "starter" | "enterprise" }) {
  const t = useTranslations("admin.plans");
  return <Badge tone={plan === "enterprise" ? "info" : "neutral"}>{t(plan)}</Badge>;
}

const LIVE_ACCESS_TONE = { none: "neutral", pending: "warning", approved: "success", rejected: "danger" } as const;

export function LiveAccessBadge({ state }: { state: keyof typeof LIVE_ACCESS_TONE }) {
  const t = useTranslations("admin.liveAccessState");
  return <Badge tone={LIVE_ACCESS_TONE[state]}>{t(state)}</Badge>;
}

export function ModeBadge({ mode }: { mode: "test" | "live" }) {
  const t = useTranslations("admin.modes");
  return <Badge tone={mode === "live" ? "info" : "neutral"}>{t(mode)}</Badge>;
}
