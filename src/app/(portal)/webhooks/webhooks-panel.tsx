"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { EndpointForm } from "./endpoint-form";
import { EndpointStatus } from "./endpoint-status";
import { SecretPanel } from "./secret-panel";
import { TestEventButton } from "./test-event-button";
import { DeliveriesTable } from "./deliveries-table";

export function WebhooksPanel() {
  const trpc = useTRPC();
  const me = useQuery(trpc.session.me.queryOptions());
  const endpoint = useQuery(trpc.webhooks.endpoint.queryOptions());
  if (me.isPending || endpoint.isPending) return <p className="mt-8 text-sm text-slate-500">Loading…</p>;
  if (!me.data?.membership) return <p className="mt-8 text-sm text-slate-600">Sign in as a member of a business to manage webhooks.</p>;
  const canEdit = me.data.membership.role !== "viewer";
  const current = endpoint.data ?? null;
  return (
    <div className="mt-6 space-y-6">
      <section className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 className="font-medium">
          Endpoint <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs uppercase text-slate-600">{me.data.mode} mode</span>
        </h2>
        <EndpointForm current={current} canEdit={canEdit} />
        {current && <EndpointStatus endpoint={current} canEdit={canEdit} />}
      </section>
      {current && canEdit && (
        <section className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 className="font-medium">Signing secret and test</h2>
          <SecretPanel previousSecretExpiresAt={current.previousSecretExpiresAt} />
          <TestEventButton disabled={!current.enabled} />
        </section>
      )}
      {current && <DeliveriesTable canEdit={canEdit} />}
    </div>
  );
}
