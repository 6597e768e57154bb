import { getTranslations } from "next-intl/server";
import { env } from "@/env";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { CreditsView } from "@/components/credits/credits-view";

export const generateMetadata = pageTitle("credits");

export default async function CreditsPage() {
  const t = await getTranslations("credits");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <CreditsView contact={env().CREDITS_CONTACT} />
    </>
  );
}
