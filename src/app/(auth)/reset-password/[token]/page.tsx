import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { pageTitle } from "@/i18n/page-title";

/** The link's token is in the path: `no-referrer` keeps it out of any request this page makes. */
export async function generateMetadata(): Promise<Metadata> {
  return { ...(await pageTitle("password-reset", "reset.title")()), referrer: "no-referrer" };
}

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  return <ResetPasswordForm token={(await params).token} />;
}
