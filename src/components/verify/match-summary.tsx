"use client";
import { useTranslations } from "next-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { MatchResult } from "@/contracts/verifications";

const OUTCOME_TONES: Record<string, BadgeTone> = { match: "success", partial_match: "warning", no_match: "danger" };

export function MatchOutcome({ result }: { result: string }) {
  const t = useTranslations("verify.match.outcomes");
  const tone = OUTCOME_TONES[result];
  return <Badge tone={tone ?? "neutral"}>{tone ? t(result) : result}</Badge>;
}

/** Identity-match results: what was compared and how it came out; never the claimed values. */
export function MatchSummary({ match }: { match: MatchResult | null }) {
  const t = useTranslations("verify.match");
  if (!match) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 text-sm" data-testid="match-summary">
      {match.fullName && (
        <>
          <dt className="text-slate-500">{t("name")}</dt>
          <dd className="flex items-center gap-2">
            <MatchOutcome result={match.fullName.result} />
            <span className="text-slate-500">{t("score", { score: match.fullName.score.toFixed(2) })}</span>
          </dd>
        </>
      )}
      {match.dateOfBirth && (
        <>
          <dt className="text-slate-500">{t("dateOfBirth")}</dt>
          <dd>
            <MatchOutcome result={match.dateOfBirth.result} />
          </dd>
        </>
      )}
    </dl>
  );
}
