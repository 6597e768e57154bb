"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { useFormat } from "@/components/i18n/format";
import { useTRPC } from "@/trpc/client";

const LIVE_ACCESS_TONE = { none: "neutral", pending: "info", approved: "success", rejected: "danger" } as const;

export function BalanceCard() {
  const t = useTranslations("overview.balance");
  const format = useFormat();
  const trpc = useTRPC();
  const summary = useQuery(trpc.business.summary.queryOptions());
  return (
    <Card>
      <CardHeader
        title={t("title")}
        description={t("description")}
      />
      {/* The loaded card's height while it loads: the page does not jump when the data comes. */}
      {summary.isPending && (
        <div className="flex min-h-40 flex-col justify-center">
          <Loading label={t("loading")} />
        </div>
      )}
      {summary.error && <ErrorState error={summary.error} />}
      {summary.data && (
        <CardBody className="space-y-3">
          <p>
            <span className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="credit-balance">
              {format.number(summary.data.creditBalance)}
            </span>{" "}
            <span className="text-sm text-slate-600">{t("credits", { count: summary.data.creditBalance })}</span>
          </p>
          {summary.data.liveAccess === "approved" && summary.data.creditBalance < summary.data.lowCreditThreshold && (
            <Badge tone="warning">{t("belowThreshold", { threshold: summary.data.lowCreditThreshold })}</Badge>
          )}
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-500">{t("alertBelow")}</dt>
            <dd className="tabular-nums">{format.number(summary.data.lowCreditThreshold)}</dd>
            <dt className="text-slate-500">{t("liveAccess")}</dt>
            <dd>
              <Badge tone={LIVE_ACCESS_TONE[summary.data.liveAccess]}>{t(`liveAccessStatus.${summary.data.liveAccess}`)}</Badge>
            </dd>
          </dl>
          <Link href="/credits" className="text-sm font-medium text-blue-800 hover:underline">
            {t("ledger")}
          </Link>
        </CardBody>
      )}
    </Card>
  );
}
