import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksPanel } from "../../../components/webhooks/webhooks-panel";

export const generateMetadata = pageTitle("webhooks");

export default async function WebhooksPage() {
  const t = await getTranslations("webhooks");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <WebhooksPanel />
    </>
  );
}
