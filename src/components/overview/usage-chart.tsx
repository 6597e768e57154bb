"use client";
import { useQuery } from "@tanstack/react-query";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { DailyBarChart } from "@/components/ui/daily-bar-chart";
import { RESULTS, type ResultKey } from "@/components/format";
import { useTRPC } from "@/trpc/client";

const OUTCOMES = Object.keys(RESULTS) as ResultKey[];

export function UsageChart() {
  const trpc = useTRPC();
  const usage = useQuery(trpc.business.usageByDay.queryOptions());
  const total = usage.data?.reduce((sum, d) => sum + OUTCOMES.reduce((s, o) => s + d[o], 0), 0) ?? 0;
  return (
    <Card>
      <CardHeader title="Verifications, last 30 days" description={usage.data ? `${total} in total, by outcome (UTC days)` : undefined} />
      {usage.isPending && <Loading label="Loading usage" />}
      {usage.error && <ErrorState error={usage.error} />}
      {usage.data && total === 0 && <Empty title="No verifications yet">Use the quick start below to make your first call.</Empty>}
      {usage.data && total > 0 && (
        <CardBody>
          <DailyBarChart
            label={`Bar chart of ${total} verifications over the last 30 days by outcome`}
            data={usage.data}
            bars={OUTCOMES.map((o) => ({ key: o, name: RESULTS[o].label, color: RESULTS[o].color }))}
          />
        </CardBody>
      )}
    </Card>
  );
}
