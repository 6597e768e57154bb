"use client";
import { useQuery } from "@tanstack/react-query";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { usePortal } from "@/components/portal/portal-context";
import { hasRole } from "@/components/portal/roles";
import { useTRPC } from "@/trpc/client";
import { DataProtectionSettingsForm } from "./settings-form";

export function DataProtectionView() {
  const trpc = useTRPC();
  const { role } = usePortal();
  const summary = useQuery(trpc.business.summary.queryOptions());
  return (
    <Card>
      <CardHeader
        title="Consent and retention"
        description="What Somalia's Data Protection Act asks of you: a purpose and consent for each lookup, and no record kept longer than needed."
      />
      <CardBody>
        {summary.isPending && <Loading label="Loading settings" />}
        {summary.error && <ErrorState error={summary.error} />}
        {summary.data && <DataProtectionSettingsForm current={summary.data} editable={hasRole(role, "owner")} />}
      </CardBody>
    </Card>
  );
}
