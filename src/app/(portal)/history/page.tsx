import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Loading } from "@/components/ui/states";
import { pageTitle } from "@/i18n/page-title";
import { HistoryView } from "@/components/history/history-view";

export const generateMetadata = pageTitle("history");

export default async function HistoryPage() {
  const t = await getTranslations("history");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Suspense fallback={<Loading />}>
        <HistoryView />
      </Suspense>
    </>
  );
}
