"use client";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { DailyBarChart } from "@/components/ui/daily-bar-chart";
import { RESULTS, type ResultKey } from "@/components/format";
import { useTRPC } from "@/trpc/client";

const OUTCOMES = Object.keys(RESULTS) as ResultKey[];

export function UsageChart() {
  const t = useTranslations("overview.usage");
  const results = useTranslations("common.results");
  const trpc = useTRPC();
  const usage = useQuery(trpc.business.usageByDay.queryOptions());
  const total = usage.data?.reduce((sum, d) => sum + OUTCOMES.reduce((s, o) => s + d[o], 0), 0) ?? 0;
  return (
    <Card>
      {/* A blank line until the total is known, so that the card keeps its height. */}
      <CardHeader title={t("title")} description={usage.data ? t("total", { total }) : "\u00a0"} />
      {/* The chart's height in every state: the page does not jump when the data comes (after a mode switch too). */}
      <div className="flex min-h-72 flex-col justify-center">
        {usage.isPending && <Loading label={t("loading")} />}
        {usage.error && <ErrorState error={usage.error} />}
        {usage.data && total === 0 && <Empty title={t("emptyTitle")}>{t("emptyBody")}</Empty>}
        {usage.data && total > 0 && (
          <CardBody>
            <DailyBarChart
              label={t("chartLabel", { total })}
              data={usage.data}
              bars={OUTCOMES.map((o) => ({ key: o, name: results(o), color: RESULTS[o].color }))}
            />
          </CardBody>
        )}
      </div>
    </Card>
  );
}
