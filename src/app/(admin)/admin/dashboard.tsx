"use client";
/** The platform at a glance: businesses, verifications per day by mode, credits, webhook health. */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { formatNumber } from "@/components/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { DailyBarChart } from "@/components/ui/daily-bar-chart";
import { Stat } from "./_components/stat";

export function PlatformDashboard() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.admin.dashboard.queryOptions());
  if (dashboard.isPending) return <Loading label="Loading the dashboard" />;
  if (dashboard.error) return <ErrorState error={dashboard.error} />;
  const d = dashboard.data;
  const rate = d.webhooks.failureRate;
  const total = d.verificationsByDay.reduce((sum, day) => sum + day.test + day.live, 0);
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Dashboard</h1>
      <dl className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Platform figures">
        <Stat
          label="Businesses"
          value={formatNumber(d.businesses.active + d.businesses.suspended)}
          detail={`${formatNumber(d.businesses.active)} active · ${formatNumber(d.businesses.suspended)} suspended`}
        />
        <Stat
          label="Live access to review"
          value={formatNumber(d.businesses.liveAccessPending)}
          detail={
            <Link href="/admin/live-access" className="text-blue-800 hover:underline">
              Open the queue
            </Link>
          }
        />
        <Stat label="Credits, 30 days" value={formatNumber(d.credits.granted)} detail={`granted · ${formatNumber(d.credits.used)} used`} />
        <Stat
          label="Webhook failures, 7 days"
          value={rate === null ? "—" : `${(rate * 100).toFixed(1)} %`}
          detail={`${formatNumber(d.webhooks.failed)} failed of ${formatNumber(d.webhooks.failed + d.webhooks.succeeded)} finished deliveries`}
        />
      </dl>
      <Card>
        <CardHeader title="Verifications per day" description={`${formatNumber(total)} in the last ${d.verificationsByDay.length} days, by mode (UTC days)`} />
        <CardBody>
          <DailyBarChart
            label={`Bar chart of ${total} verifications per day by mode`}
            data={d.verificationsByDay}
            bars={[
              { key: "live", name: "Live", color: "#1e3a8a" },
              { key: "test", name: "Test", color: "#f59e0b" },
            ]}
          />
        </CardBody>
      </Card>
    </>
  );
}
