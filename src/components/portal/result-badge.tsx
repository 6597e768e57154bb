import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { RESULTS } from "@/components/format";

/** Clients must tolerate unknown outcomes; so does the portal. */
export function ResultBadge({ result }: { result: string }) {
  const t = useTranslations("common.results");
  const known = RESULTS[result as keyof typeof RESULTS];
  return <Badge tone={known?.tone ?? "neutral"}>{known ? t(result) : result}</Badge>;
}
