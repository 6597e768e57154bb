import { redirect } from "next/navigation";
import { Suspense } from "react";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallback } from "@/components/auth/safe-callback";
import { pageTitle } from "@/i18n/page-title";
import { getPortalSession } from "@/server/auth/portal-session";

export const generateMetadata = pageTitle("auth", "signIn.title");

// Reads the session, so never prerendered.
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  // Already signed in: go where the sign-in would have led (the form only follows same-site paths).
  if (await getPortalSession()) redirect(safeCallback((await searchParams).callbackUrl ?? null));
  return (
    <Suspense>
      <SignInForm />
    </Suspense>
  );
}
