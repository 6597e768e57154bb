"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { formatDateTime } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { ModeBadge } from "../../_components/badges";

/** Delivery health of the business's webhook endpoints (one per mode), for support and operations. */
export function WebhookHealth({ businessId }: { businessId: string }) {
  const trpc = useTRPC();
  const health = useQuery(trpc.webhooks.health.queryOptions({ businessId }));
  return (
    <Card className="mb-8">
      <CardHeader title="Webhook delivery" description="Each endpoint's state and its deliveries of the last 7 days." />
      {health.isPending ? (
        <Loading label="Loading webhook health" />
      ) : health.isError ? (
        <ErrorState error={health.error} />
      ) : health.data.length === 0 ? (
        <Empty title="No webhook endpoint configured" />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {health.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <span className="flex min-w-0 items-center gap-3">
                <ModeBadge mode={e.mode} />
                <span className="truncate font-mono text-xs">{e.url}</span>
                {e.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
              </span>
              <span className="flex flex-wrap items-center gap-3 text-slate-600">
                <span>
                  {e.last7Days.succeeded} delivered · {e.last7Days.pending} pending · {e.last7Days.failed} failed
                </span>
                <span>
                  Last attempt:{" "}
                  {e.lastAttempt
                    ? `${formatDateTime(e.lastAttempt.attemptedAt)} (${e.lastAttempt.statusCode ?? e.lastAttempt.error ?? "no response"})`
                    : "none"}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
