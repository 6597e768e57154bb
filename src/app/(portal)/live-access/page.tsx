import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { LiveAccessView } from "@/components/live-access/live-access-view";

export const generateMetadata = pageTitle("live-access");

export default async function LiveAccessPage() {
  const t = await getTranslations("live-access");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <LiveAccessView />
    </>
  );
}
