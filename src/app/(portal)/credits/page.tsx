import { getTranslations } from "next-intl/server";
import { env } from "@/env";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { CreditsView } from "@/components/credits/credits-view";
import { CREDIT_LEDGER_PAGE_SIZE } from "@/components/portal/page-sizes";
import { Prefetched } from "../prefetched";

export const generateMetadata = pageTitle("credits");

export default async function CreditsPage() {
  const t = await getTranslations("credits");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Prefetched
        prefetch={(client, trpc) => [
          client.prefetchQuery(trpc.business.summary.queryOptions()),
          client.prefetchQuery(trpc.credits.ledger.queryOptions({ page: 1, limit: CREDIT_LEDGER_PAGE_SIZE })),
        ]}
      >
        <CreditsView contact={env().CREDITS_CONTACT} />
      </Prefetched>
    </>
  );
}
