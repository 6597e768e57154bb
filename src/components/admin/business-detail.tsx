"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { Card, CardHeader } from "@/components/ui/card";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { BusinessStatusBadge, LiveAccessBadge, ModeBadge, PlanBadge } from "./badges";
import { GrantCreditsAction, PlanAction, RateLimitAction, StatusAction } from "./business-actions";
import { WebhookHealth } from "./webhook-health";
import { Stat } from "./stat";

export function BusinessDetail({ businessId, largeGrant }: { businessId: string; largeGrant: number }) {
  const t = useTranslations("admin.business");
  const roles = useTranslations("common.roles");
  const format = useFormat();
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.businesses.get.queryOptions({ businessId }));

  if (overview.isPending) return <Loading label={t("loading")} />;
  if (overview.isError) return <ErrorState error={overview.error} />;
  const b = overview.data;

  return (
    <>
      <Link href="/admin/businesses" className="text-sm text-blue-800 hover:underline">
        {t("back")}
      </Link>
      <div className="mb-6 mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{b.name}</h1>
        <BusinessStatusBadge status={b.status} />
        <PlanBadge plan={b.plan} />
        <LiveAccessBadge state={b.liveAccess} />
      </div>
      <dl className="mb-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        <Stat label={t("balance")} value={format.number(b.creditBalance)} detail={t("balanceDetail")} />
        <Stat label={t("rateLimit")} value={format.number(b.rateLimitPerMinute)} detail={t("rateLimitDetail")} />
        <Stat label={t("activeKeys")} value={format.number(b.activeKeys.test + b.activeKeys.live)} detail={t("byMode", b.activeKeys)} />
        <Stat
          label={t("verifications")}
          value={format.number(b.recentVerifications.test + b.recentVerifications.live)}
          detail={t("byMode", b.recentVerifications)}
        />
      </dl>
      <div className="mb-8 grid gap-4 md:grid-cols-2">
        {b.status === "suspended" && <StatusAction key="reactivate" business={b} />}
        <GrantCreditsAction business={b} largeGrant={largeGrant} />
        <PlanAction business={b} />
        <RateLimitAction business={b} />
      </div>
      <Card className="mb-8" aria-label={t("members")}>
        <CardHeader
          title={t("members")}
          description={b.contact ? t("contact", { contact: `${b.contact.name} <${b.contact.email}>` }) : t("noContact")}
        />
        <ul className="divide-y divide-slate-100 text-sm">
          {b.members.map((m) => (
            <li key={m.email} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-5 py-2.5">
              <span className="font-medium">{m.name}</span>
              <a href={`mailto:${m.email}`} className="text-blue-800 hover:underline">
                {m.email}
              </a>
              <span className="text-slate-600">{roles(m.role)}</span>
              <span className="text-slate-500">{t("since", { date: format.date(m.since) })}</span>
            </li>
          ))}
        </ul>
      </Card>
      <WebhookHealth businessId={b.id} />
      <Card>
        <CardHeader
          title={t("recentAudit")}
          actions={
            <Link href={`/admin/audit?businessId=${b.id}`} className="text-sm text-blue-800 hover:underline">
              {t("fullAudit")}
            </Link>
          }
        />
        {b.recentAuditEntries.length === 0 ? (
          <Empty title={t("noAudit")} />
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {b.recentAuditEntries.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-4 px-5 py-2.5">
                <span className="font-mono text-xs">{e.action}</span>
                <span className="flex items-center gap-3 text-slate-600">
                  {e.mode && <ModeBadge mode={e.mode} />}
                  <span>{e.actorType}</span>
                  <span>{format.dateTime(e.createdAt)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {/* Suspending is destructive: in the page's danger zone, at its foot. */}
      {b.status === "active" && (
        <div className="mt-8">
          <StatusAction key="suspend" business={b} />
        </div>
      )}
      <p className="mt-4 text-xs text-slate-500">
        {t("footer", { date: format.dateTime(b.createdAt), members: b.members.length })} <span className="font-mono">{b.id}</span>
      </p>
    </>
  );
}
