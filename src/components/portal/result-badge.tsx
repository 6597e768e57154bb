import { Badge } from "@/components/ui/badge";
import { RESULTS } from "@/components/format";

/** Clients must tolerate unknown outcomes; so does the portal. */
export function ResultBadge({ result }: { result: string }) {
  const known = RESULTS[result as keyof typeof RESULTS];
  return <Badge tone={known?.tone ?? "neutral"}>{known?.label ?? result}</Badge>;
}
