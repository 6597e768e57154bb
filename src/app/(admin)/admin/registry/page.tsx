"use client";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, Loading } from "@/components/ui/states";
import { GatewayPanel } from "@/components/admin/gateway-panel";
import { RegistryUpload } from "@/components/admin/registry-upload";

export default function RegistryPage() {
  const t = useTranslations("admin.registry");
  const format = useFormat();
  const trpc = useTRPC();
  const count = useQuery(trpc.admin.registry.count.queryOptions());
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
      />
      <div className="mb-6">
        <GatewayPanel />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-3">
        <Card>
          <CardHeader title={t("records")} />
          <CardBody>
            {count.isPending ? (
              <Loading />
            ) : count.isError ? (
              <ErrorState error={count.error} />
            ) : (
              <p className="text-sm text-slate-600">
                <span className="block text-3xl font-semibold tabular-nums text-slate-900" aria-label={t("total")}>
                  {format.number(count.data)}
                </span>
                {t("recordsDetail")}
              </p>
            )}
          </CardBody>
        </Card>
        <div className="md:col-span-2">
          <RegistryUpload />
        </div>
      </div>
    </>
  );
}
