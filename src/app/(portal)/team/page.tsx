import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { TeamView } from "@/components/team/team-view";

export const generateMetadata = pageTitle("team");

export default async function TeamPage() {
  const t = await getTranslations("team");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <TeamView />
    </>
  );
}
