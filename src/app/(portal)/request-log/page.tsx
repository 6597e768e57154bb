import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/app/(portal)/role-gate";
import { RequestLogView } from "@/components/request-log/request-log-view";

export const generateMetadata = pageTitle("request-log");

export default async function RequestLogPage() {
  const t = await getTranslations("request-log");
  return (
    <RoleGate action="read">
      <PageHeader title={t("title")} description={t("description")} />
      <RequestLogView />
    </RoleGate>
  );
}
