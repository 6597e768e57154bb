import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Loading } from "@/components/ui/states";
import { pageTitle } from "@/i18n/page-title";
import { HistoryView } from "@/components/history/history-view";
import { HISTORY_PAGE_SIZE } from "@/components/portal/page-sizes";
import { historyFiltersFromSearchParams } from "@/contracts/history-filters";
import { Prefetched } from "../prefetched";

export const generateMetadata = pageTitle("history");

type SearchParams = Record<string, string | string[] | undefined>;

/** The address's query as the browser's URLSearchParams reads it, a repeated name in order. */
function asSearchParams(query: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of [value ?? []].flat()) params.append(name, one);
  return params;
}

export default async function HistoryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = await getTranslations("history");
  // The first page under the address's filters, asked as the list asks it; invalid filters show their errors, no list.
  const filters = historyFiltersFromSearchParams(asSearchParams(await searchParams));
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Prefetched
        prefetch={(client, trpc) => [
          filters.success && client.prefetchQuery(trpc.verifications.list.queryOptions({ filters: filters.data, page: 1, limit: HISTORY_PAGE_SIZE })),
        ]}
      >
        <Suspense fallback={<Loading />}>
          <HistoryView />
        </Suspense>
      </Prefetched>
    </>
  );
}
