import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { Loading } from "@/components/ui/states";
import { AuditLog } from "@/components/admin/audit-log";
import { ChainStatus } from "@/components/admin/chain-status";

export const generateMetadata = pageTitle("admin", "audit.title");

export default async function AuditPage() {
  const t = await getTranslations("admin.audit");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ChainStatus />
      {/* The filters live in the URL so a filtered view can be linked (e.g. from a business page). */}
      <Suspense fallback={<Loading />}>
        <AuditLog />
      </Suspense>
    </>
  );
}
