"use client";
/** The platform at a glance: businesses, verifications per day by mode, credits, webhook health. */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { DailyBarChart } from "@/components/ui/daily-bar-chart";
import { Stat } from "./stat";

export function PlatformDashboard() {
  const t = useTranslations("admin.dashboard");
  const format = useFormat();
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.admin.dashboard.queryOptions());
  if (dashboard.isPending) return <Loading label={t("loading")} />;
  if (dashboard.error) return <ErrorState error={dashboard.error} />;
  const d = dashboard.data;
  const rate = d.webhooks.failureRate;
  const total = d.verificationsByDay.reduce((sum, day) => sum + day.test + day.live, 0);
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">{t("heading")}</h1>
      <dl className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("figures")}>
        <Stat
          label={t("businesses")}
          value={format.number(d.businesses.active + d.businesses.suspended)}
          detail={t("businessesDetail", d.businesses)}
        />
        <Stat
          label={t("liveAccess")}
          value={format.number(d.businesses.liveAccessPending)}
          detail={
            <Link href="/admin/live-access" className="text-blue-800 hover:underline">
              {t("openQueue")}
            </Link>
          }
        />
        <Stat label={t("credits")} value={format.number(d.credits.granted)} detail={t("creditsDetail", { used: d.credits.used })} />
        <Stat
          label={t("webhookFailures")}
          value={rate === null ? "—" : format.percent(rate)}
          detail={t("webhookFailuresDetail", { failed: d.webhooks.failed, finished: d.webhooks.failed + d.webhooks.succeeded })}
        />
      </dl>
      <Card>
        <CardHeader title={t("perDay")} description={t("perDayDescription", { total, days: d.verificationsByDay.length })} />
        <CardBody>
          <DailyBarChart
            label={t("chartLabel", { total })}
            data={d.verificationsByDay}
            bars={[
              { key: "live", name: t("live"), color: "#1e3a8a" },
              { key: "test", name: t("test"), color: "#f59e0b" },
            ]}
          />
        </CardBody>
      </Card>
    </>
  );
}
