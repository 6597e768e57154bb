"use client";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DangerZone } from "@/components/ui/danger-zone";
import { Loading } from "@/components/ui/states";
import { EndpointForm } from "./endpoint-form";
import { EndpointStatus } from "./endpoint-status";
import { SecretPanel } from "./secret-panel";
import { TestEventButton } from "./test-event-button";
import { DeliveriesTable } from "./deliveries-table";
import { EventTypesForm } from "./event-types-form";
import { DeleteEndpointButton } from "./delete-endpoint-button";

export function WebhooksPanel() {
  const t = useTranslations("webhooks");
  const trpc = useTRPC();
  const me = useQuery(trpc.session.me.queryOptions());
  // Polled like the deliveries, so that "last successful delivery" stays current.
  const endpoint = useQuery({ ...trpc.webhooks.endpoint.queryOptions(), refetchInterval: 5_000 });
  if (me.isPending || endpoint.isPending) return <Loading label={t("loading")} />;
  if (!me.data?.membership) return <p className="mt-8 text-sm text-slate-600">{t("notMember")}</p>;
  const canEdit = me.data.membership.role !== "viewer";
  const current = endpoint.data ?? null;
  return (
    <div className="mt-6 space-y-6">
      <Card>
        <CardHeader title={t("endpointTitle", { mode: me.data.mode })} description={t("endpointDescription")} />
        <CardBody>
          <EndpointForm current={current} canEdit={canEdit} />
          {current && <EndpointStatus endpoint={current} canEdit={canEdit} />}
          {current && <EventTypesForm current={current.eventTypes} canEdit={canEdit} />}
        </CardBody>
      </Card>
      {current && canEdit && (
        <Card>
          <CardHeader title={t("secretTitle")} description={t("secretDescription")} />
          <CardBody>
            <SecretPanel previousSecretExpiresAt={current.previousSecretExpiresAt} />
            <TestEventButton disabled={!current.enabled} />
          </CardBody>
        </Card>
      )}
      {current && <DeliveriesTable canEdit={canEdit} />}
      {current && canEdit && (
        <DangerZone>
          <DeleteEndpointButton mode={current.mode} />
        </DangerZone>
      )}
    </div>
  );
}
