"use client";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";

/** A plain "Sign out" for headers outside the portal's shell (the admin console, the account page). */
export function SignOutButton({ className = "text-slate-300 hover:text-white" }: { className?: string }) {
  const t = useTranslations("admin");
  return (
    <button type="button" onClick={() => signOut({ callbackUrl: "/sign-in" })} className={className}>
      {t("signOut")}
    </button>
  );
}
