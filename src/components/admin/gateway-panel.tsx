"use client";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { Stat } from "./stat";

const REFRESH_MS = 10_000;

/** The registry gateway as the fleet sees it: circuit, calls, error rate, latency, quota, calls per business. */
export function GatewayPanel() {
  const t = useTranslations("admin.gateway");
  const format = useFormat();
  const trpc = useTRPC();
  const panel = useQuery({ ...trpc.admin.registry.gateway.queryOptions(), refetchInterval: REFRESH_MS });
  if (panel.isPending) return <Loading />;
  if (panel.isError) return <ErrorState error={panel.error} />;
  const p = panel.data;
  // Not asked at all: its live figures would only be zeros, but calls billed before a switch to the mirror still count.
  const mirror = p.source === "mirror";
  const calls = p.minutes.reduce((sum, m) => sum + m.calls, 0);
  const faults = p.minutes.reduce((sum, m) => sum + m.faults, 0);
  const ms = (v: number | null) => (v === null ? "–" : t("ms", { value: v }));
  const percent = (v: number) => `${format.number(Math.round(v * 1000) / 10)} %`;
  return (
    <Card>
      <CardHeader title={t("title")} />
      <CardBody>
        <p className={`${mirror ? "" : "mb-4 "}text-sm text-slate-600`}>{mirror ? t("mirror") : t("description")}</p>
        {!mirror && (
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-5">
            <Stat label={t("circuit")} value={t(`states.${p.circuit}`)} detail={t("processes", { count: p.processes.length })} />
            <Stat label={t("calls")} value={format.number(calls)} detail={t("lastMinutes", { minutes: 15 })} />
            <Stat label={t("errorRate")} value={calls > 0 ? percent(faults / calls) : "–"} detail={t("faults", { count: faults })} />
            <Stat label={t("latency")} value={`${ms(p.latency.p50Ms)} / ${ms(p.latency.p99Ms)}`} detail={t("latencyDetail")} />
            <Stat label={t("quota")} value={percent(p.quota.use)} detail={t("quotaDetail", { maxRps: p.quota.maxRps })} />
          </dl>
        )}
        {(!mirror || p.callsByBusinessDay.length > 0) && <CallsByBusinessDay rows={p.callsByBusinessDay} />}
      </CardBody>
    </Card>
  );
}

type BusinessDay = { businessId: string; businessName: string; day: string; calls: number };

/** Gateway calls per business per day: what reconciles the authority's bill. */
function CallsByBusinessDay({ rows }: { rows: BusinessDay[] }) {
  const t = useTranslations("admin.gateway");
  const format = useFormat();
  return (
    <>
      <h3 className="mb-2 mt-6 text-sm font-semibold text-slate-900">{t("byBusiness")}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{t("noCalls")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="py-1">{t("day")}</th>
              <th className="py-1">{t("business")}</th>
              <th className="py-1 text-right">{t("calls")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.day}-${row.businessId}`} className="border-t border-slate-100">
                <td className="py-1 tabular-nums">{format.date(row.day)}</td>
                <td className="py-1">{row.businessName}</td>
                <td className="py-1 text-right tabular-nums">{format.number(row.calls)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
