import { env } from "@/env";
import { PageHeader } from "@/components/ui/page-header";
import { CreditsView } from "@/components/credits/credits-view";

export const metadata = { title: "Credits" };

export default function CreditsPage() {
  return (
    <>
      <PageHeader title="Credits" description="Your live credit balance and its history." />
      <CreditsView contact={env().CREDITS_CONTACT} />
    </>
  );
}
