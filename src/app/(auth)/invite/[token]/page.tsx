import { pageTitle } from "@/i18n/page-title";
import { AcceptInvitation } from "@/components/auth/accept-invitation";

export const generateMetadata = pageTitle("auth", "invite.title");

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  return <AcceptInvitation token={(await params).token} />;
}
