import { AcceptInvitation } from "@/components/auth/accept-invitation";

export const metadata = { title: "Invitation" };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  return <AcceptInvitation token={(await params).token} />;
}
