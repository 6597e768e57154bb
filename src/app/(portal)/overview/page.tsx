import { headers } from "next/headers";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { BalanceCard } from "@/components/overview/balance-card";
import { GettingStarted } from "@/components/overview/getting-started";
import { QuickStart } from "@/components/overview/quick-start";
import { UsageChart } from "@/components/overview/usage-chart";
import { env } from "@/env";
import { pageTitle } from "@/i18n/page-title";
import { getPortalSession } from "@/server/auth/portal-session";
import { getPrefetchClient, prefetchTrpc as trpc } from "@/server/trpc/prefetch";

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
  const queryClient = getPrefetchClient();
  // The cards' data comes with the page: its first paint is whole, and nothing moves as it loads.
  // (Not for a visitor the portal's layout turns away: the calls would only be refused.)
  const session = await getPortalSession();
  const prefetch = session?.membership && !session.mustEnrolTwoFactor;
  const [api, t] = await Promise.all([
    apiBaseUrl(),
    getTranslations("overview"),
    prefetch && queryClient.prefetchQuery(trpc.business.gettingStarted.queryOptions()),
    prefetch && queryClient.prefetchQuery(trpc.business.usageByDay.queryOptions()),
    prefetch && queryClient.prefetchQuery(trpc.business.summary.queryOptions()),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
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
    </HydrationBoundary>
  );
}
