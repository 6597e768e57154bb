import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata = { title: "Choose a new password", referrer: "no-referrer" };

/** The link's token is in the path: `no-referrer` keeps it out of any request this page makes. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  return <ResetPasswordForm token={(await params).token} />;
}
