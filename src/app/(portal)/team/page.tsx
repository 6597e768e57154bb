import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { TeamView } from "@/components/team/team-view";
import { mayDo } from "@/contracts/roles";
import { Prefetched } from "../prefetched";

export const generateMetadata = pageTitle("team");

export default async function TeamPage() {
  const t = await getTranslations("team");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Prefetched
        prefetch={(client, trpc, role) => [
          client.prefetchQuery(trpc.team.members.queryOptions()),
          mayDo(role, "manageTeam") && client.prefetchQuery(trpc.team.invitations.queryOptions()),
        ]}
      >
        <TeamView />
      </Prefetched>
    </>
  );
}
