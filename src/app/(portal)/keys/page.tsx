import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { KeysView } from "@/components/keys/keys-view";
import { pageTitle } from "@/i18n/page-title";
import { RoleGate } from "@/app/(portal)/role-gate";
import { Prefetched } from "../prefetched";

export const generateMetadata = pageTitle("keys");

export default async function KeysPage() {
  const t = await getTranslations("keys");
  return (
    <RoleGate action="manageKeys">
      <PageHeader title={t("title")} description={t("description")} />
      <Prefetched prefetch={(client, trpc) => [client.prefetchQuery(trpc.keys.list.queryOptions()), client.prefetchQuery(trpc.business.summary.queryOptions())]}>
        <KeysView />
      </Prefetched>
    </RoleGate>
  );
}
