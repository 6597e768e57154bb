import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { WEBHOOK_DELIVERIES_SHOWN } from "@/components/portal/page-sizes";
import { Prefetched } from "../prefetched";

export const generateMetadata = pageTitle("webhooks");

export default async function WebhooksPage() {
  const t = await getTranslations("webhooks");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Prefetched
        prefetch={(client, trpc) => [
          client.prefetchQuery(trpc.session.me.queryOptions()),
          client.prefetchQuery(trpc.webhooks.endpoint.queryOptions()),
          client.prefetchQuery(trpc.webhooks.deliveries.queryOptions({ limit: WEBHOOK_DELIVERIES_SHOWN })),
        ]}
      >
        <WebhooksPanel />
      </Prefetched>
    </>
  );
}
