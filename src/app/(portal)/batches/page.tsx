import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/app/(portal)/role-gate";
import { pageTitle } from "@/i18n/page-title";
import { BatchesView } from "@/components/batches/batches-view";

export const generateMetadata = pageTitle("batches");

export default async function BatchesPage() {
  const t = await getTranslations("batches");
  return (
    <RoleGate action="read">
      <PageHeader title={t("title")} description={t("description")} />
      <BatchesView />
    </RoleGate>
  );
}
