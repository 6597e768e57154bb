import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { MatchResult } from "@/contracts/verifications";

const OUTCOMES: Record<string, { label: string; tone: BadgeTone }> = {
  match: { label: "Match", tone: "success" },
  partial_match: { label: "Partial match", tone: "warning" },
  no_match: { label: "No match", tone: "danger" },
};

export function MatchOutcome({ result }: { result: string }) {
  const known = OUTCOMES[result];
  return <Badge tone={known?.tone ?? "neutral"}>{known?.label ?? result}</Badge>;
}

/** Identity-match results: what was compared and how it came out; never the claimed values. */
export function MatchSummary({ match }: { match: MatchResult | null }) {
  if (!match) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 text-sm" data-testid="match-summary">
      {match.fullName && (
        <>
          <dt className="text-slate-500">Name</dt>
          <dd className="flex items-center gap-2">
            <MatchOutcome result={match.fullName.result} />
            <span className="text-slate-500">score {match.fullName.score.toFixed(2)}</span>
          </dd>
        </>
      )}
      {match.dateOfBirth && (
        <>
          <dt className="text-slate-500">Date of birth</dt>
          <dd>
            <MatchOutcome result={match.dateOfBirth.result} />
          </dd>
        </>
      )}
    </dl>
  );
}
