"use client";
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
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
          <figure aria-label={`Bar chart of ${total} verifications over the last 30 days by outcome`} className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={usage.data} margin={{ left: -20 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={11} stroke="#64748b" />
                <YAxis allowDecimals={false} fontSize={11} stroke="#64748b" />
                <Tooltip />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {OUTCOMES.map((o) => (
                  <Bar key={o} dataKey={o} name={RESULTS[o].label} stackId="outcome" fill={RESULTS[o].color} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </figure>
        </CardBody>
      )}
    </Card>
  );
}
