import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { DataProtectionView } from "@/components/data-protection/data-protection-view";

export const generateMetadata = pageTitle("data-protection");

export default async function DataProtectionPage() {
  const t = await getTranslations("data-protection");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DataProtectionView />
    </>
  );
}
