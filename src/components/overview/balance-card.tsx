"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { formatNumber } from "@/components/format";
import { useTRPC } from "@/trpc/client";

const LIVE_ACCESS_TONE = { none: "neutral", pending: "info", approved: "success", rejected: "danger" } as const;

export function BalanceCard() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.business.summary.queryOptions());
  return (
    <Card>
      <CardHeader
        title="Live credits"
        description="1 credit for each live verification, whatever it finds (verified, not found, expired or revoked), and for each live history page read through the API. Refused requests (invalid input, rate limits, errors) and test mode are free."
      />
      {summary.isPending && <Loading label="Loading balance" />}
      {summary.error && <ErrorState error={summary.error} />}
      {summary.data && (
        <CardBody className="space-y-3">
          <p>
            <span className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="credit-balance">
              {formatNumber(summary.data.creditBalance)}
            </span>{" "}
            <span className="text-sm text-slate-600">credits</span>
          </p>
          {summary.data.liveAccess === "approved" && summary.data.creditBalance < summary.data.lowCreditThreshold && (
            <Badge tone="warning">Below your low-credit threshold of {formatNumber(summary.data.lowCreditThreshold)}</Badge>
          )}
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-500">Low-credit alert below</dt>
            <dd className="tabular-nums">{formatNumber(summary.data.lowCreditThreshold)}</dd>
            <dt className="text-slate-500">Live access</dt>
            <dd>
              <Badge tone={LIVE_ACCESS_TONE[summary.data.liveAccess]}>{summary.data.liveAccess}</Badge>
            </dd>
          </dl>
          <Link href="/credits" className="text-sm font-medium text-blue-800 hover:underline">
            View the ledger
          </Link>
        </CardBody>
      )}
    </Card>
  );
}
