"use client";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { usePortal } from "@/components/portal/portal-context";
import { mayDo } from "@/contracts/roles";
import { useTRPC } from "@/trpc/client";
import { DataProtectionSettingsForm } from "./settings-form";

export function DataProtectionView() {
  const t = useTranslations("data-protection.card");
  const trpc = useTRPC();
  const { role } = usePortal();
  const summary = useQuery(trpc.business.summary.queryOptions());
  return (
    <Card>
      <CardHeader
        title={t("title")}
        description={t("description")}
      />
      <CardBody>
        {summary.isPending && <Loading label={t("loading")} />}
        {summary.error && <ErrorState error={summary.error} />}
        {summary.data && <DataProtectionSettingsForm current={summary.data} editable={mayDo(role, "manageDataProtection")} />}
      </CardBody>
    </Card>
  );
}
