"use client";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { safeCallback } from "./safe-callback";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "The email or password is not correct.",
  TooManyAttempts: "Too many failed sign-in attempts. For your security, wait 15 minutes before trying again.",
  InvalidCode: "That code is not right. Enter the current code from your app, or an unused recovery code.",
};

export function SignInForm() {
  const tReset = useTranslations("password-reset");
  const router = useRouter();
  const queryClient = useQueryClient();
  const params = useSearchParams();
  const callbackUrl = safeCallback(params.get("callbackUrl"));
  const [error, setError] = useState<string | null>(params.get("error") ? (MESSAGES[params.get("error")!] ?? "Sign-in failed.") : null);
  const [busy, setBusy] = useState(false);
  // After a right password for an account with two-factor sign-in: the same form asks for the code.
  const [askCode, setAskCode] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await signIn("credentials", {
      redirect: false,
      email: form.get("email"),
      password: form.get("password"),
      ...(askCode ? { code: form.get("code") } : {}),
    });
    if (result?.ok && !result.error) {
      // Nothing cached while signed out (or as someone else) may survive into the session.
      queryClient.clear();
      router.replace(callbackUrl);
      router.refresh();
      return;
    }
    setBusy(false);
    if (result?.error === "TwoFactorRequired") return setAskCode(true);
    setError(MESSAGES[result?.error ?? ""] ?? "Sign-in failed. Try again.");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">Sign in to Hubi</h1>
      {error && (
        <div role="alert">
          <Notice tone="warning">{error}</Notice>
        </div>
      )}
      <div className={askCode ? "hidden" : "space-y-4"}>
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <p className="text-right text-sm">
          <Link className="font-medium text-blue-800 underline-offset-2 hover:underline" href="/forgot-password">
            {tReset("forgotLink")}
          </Link>
        </p>
      </div>
      {askCode && (
        <TextField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          autoFocus
          hint="The 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes."
          required
        />
      )}
      <Button type="submit" busy={busy} className="w-full">
        Sign in
      </Button>
      <p className="text-center text-sm text-slate-600">
        New to Hubi?{" "}
        <Link className="font-medium text-blue-800 underline-offset-2 hover:underline" href="/sign-up">
          Create an account
        </Link>
      </p>
    </form>
  );
}
