import type { Metadata } from "next";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";
import { pageTitle } from "@/i18n/page-title";

/** The link's token is in the path: `no-referrer` keeps it out of any request this page makes. */
export async function generateMetadata(): Promise<Metadata> {
  return { ...(await pageTitle("auth", "confirm.title")()), referrer: "no-referrer" };
}

export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  return <ConfirmEmailForm token={(await params).token} />;
}
