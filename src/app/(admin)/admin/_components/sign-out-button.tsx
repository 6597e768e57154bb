"use client";
import { signOut } from "next-auth/react";

/** A plain "Sign out" for headers outside the portal's shell (the admin console, the account page). */
export function SignOutButton({ className = "text-slate-300 hover:text-white" }: { className?: string }) {
  return (
    <button type="button" onClick={() => signOut({ callbackUrl: "/sign-in" })} className={className}>
      Sign out
    </button>
  );
}
