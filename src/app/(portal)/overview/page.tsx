import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { BalanceCard } from "@/components/overview/balance-card";
import { GettingStarted } from "@/components/overview/getting-started";
import { QuickStart } from "@/components/overview/quick-start";
import { UsageChart } from "@/components/overview/usage-chart";
import { env } from "@/env";
import { pageTitle } from "@/i18n/page-title";
import { getPortalSession } from "@/server/auth/portal-session";
import { Prefetched } from "../prefetched";

export const generateMetadata = pageTitle("overview");

/** The API host for the selected mode: the configured one, else the host serving this page. */
async function apiBaseUrl(): Promise<{ url: string; configured: boolean }> {
  const mode = (await getPortalSession())?.mode ?? "test";
  const { PUBLIC_BASE_URL, SANDBOX_BASE_URL } = env();
  const configured = mode === "test" ? (SANDBOX_BASE_URL ?? PUBLIC_BASE_URL) : PUBLIC_BASE_URL;
  if (configured) return { url: configured.replace(/\/+$/, ""), configured: true };
  const h = await headers();
  return { url: `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host") ?? "localhost:3000"}`, configured: false };
}

export default async function OverviewPage() {
  const [api, t] = await Promise.all([apiBaseUrl(), getTranslations("overview")]);
  return (
    <Prefetched
      prefetch={(client, trpc) => [
        client.prefetchQuery(trpc.business.gettingStarted.queryOptions()),
        client.prefetchQuery(trpc.business.usageByDay.queryOptions()),
        client.prefetchQuery(trpc.business.summary.queryOptions()),
      ]}
    >
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-3">
          <GettingStarted />
        </div>
        <div className="lg:col-span-2">
          <UsageChart />
        </div>
        <BalanceCard />
        <div className="lg:col-span-3">
          <QuickStart baseUrl={api.url} hostIsConfigured={api.configured} />
        </div>
      </div>
    </Prefetched>
  );
}
