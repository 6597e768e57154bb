import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/app/(portal)/role-gate";
import { pageTitle } from "@/i18n/page-title";
import { BatchesView } from "@/components/batches/batches-view";
import { BATCHES_PAGE_SIZE } from "@/components/portal/page-sizes";
import { Prefetched } from "../prefetched";

export const generateMetadata = pageTitle("batches");

export default async function BatchesPage() {
  const t = await getTranslations("batches");
  return (
    <RoleGate action="read">
      <PageHeader title={t("title")} description={t("description")} />
      <Prefetched prefetch={(client, trpc) => [client.prefetchQuery(trpc.batches.list.queryOptions({ page: 1, limit: BATCHES_PAGE_SIZE }))]}>
        <BatchesView />
      </Prefetched>
    </RoleGate>
  );
}
