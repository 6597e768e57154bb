import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/app/(portal)/role-gate";
import { RequestLogView } from "@/components/request-log/request-log-view";
import { REQUEST_LOG_PAGE_SIZE } from "@/components/portal/page-sizes";
import { Prefetched } from "../prefetched";

export const generateMetadata = pageTitle("request-log");

export default async function RequestLogPage() {
  const t = await getTranslations("request-log");
  return (
    <RoleGate action="read">
      <PageHeader title={t("title")} description={t("description")} />
      <Prefetched prefetch={(client, trpc) => [client.prefetchQuery(trpc.requestLog.list.queryOptions({ page: 1, limit: REQUEST_LOG_PAGE_SIZE }))]}>
        <RequestLogView />
      </Prefetched>
    </RoleGate>
  );
}
