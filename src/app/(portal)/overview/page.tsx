import { headers } from "next/headers";
import { PageHeader } from "@/components/ui/page-header";
import { BalanceCard } from "@/components/overview/balance-card";
import { QuickStart } from "@/components/overview/quick-start";
import { UsageChart } from "@/components/overview/usage-chart";

export const metadata = { title: "Overview" };

export default async function OverviewPage() {
  const h = await headers();
  const origin = `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host") ?? "localhost:3000"}`;
  return (
    <>
      <PageHeader title="Overview" description="Your balance, recent activity and how to make your first call." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <UsageChart />
        </div>
        <BalanceCard />
        <div className="lg:col-span-3">
          <QuickStart origin={origin} />
        </div>
      </div>
    </>
  );
}
