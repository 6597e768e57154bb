"use client";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { ModeBadge } from "./badges";

/** Delivery health of the business's webhook endpoints (one per mode), for support and operations. */
export function WebhookHealth({ businessId }: { businessId: string }) {
  const t = useTranslations("admin.webhookHealth");
  const format = useFormat();
  const trpc = useTRPC();
  const health = useQuery(trpc.webhooks.health.queryOptions({ businessId }));
  return (
    <Card className="mb-8">
      <CardHeader title={t("title")} description={t("description")} />
      {health.isPending ? (
        <Loading label={t("loading")} />
      ) : health.isError ? (
        <ErrorState error={health.error} />
      ) : health.data.length === 0 ? (
        <Empty title={t("none")} />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {health.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <span className="flex min-w-0 items-center gap-3">
                <ModeBadge mode={e.mode} />
                <span className="truncate font-mono text-xs">{e.url}</span>
                {e.enabled ? <Badge tone="success">{t("enabled")}</Badge> : <Badge tone="danger">{t("disabled")}</Badge>}
              </span>
              <span className="flex flex-wrap items-center gap-3 text-slate-600">
                <span>{t("counts", e.last7Days)}</span>
                <span>
                  {e.lastAttempt
                    ? t("lastAttempt", {
                        time: format.dateTime(e.lastAttempt.attemptedAt),
                        outcome: e.lastAttempt.statusCode ?? e.lastAttempt.error ?? t("noResponse"),
                      })
                    : t("noAttempt")}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
