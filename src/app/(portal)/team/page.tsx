import { PageHeader } from "@/components/ui/page-header";
import { TeamView } from "@/components/team/team-view";

export const metadata = { title: "Team" };

export default function TeamPage() {
  return (
    <>
      <PageHeader title="Team" description="Who can use this business's account, and what they can do." />
      <TeamView />
    </>
  );
}
