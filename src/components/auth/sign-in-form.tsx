"use client";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { safeCallback } from "./safe-callback";
import { SESSION_ENDED } from "@/contracts/sign-in-url";

/** next-auth's error codes that have their own text (auth.signIn.errors); others get a general one. */
const KNOWN_ERRORS = new Set(["CredentialsSignin", "TooManyAttempts", "InvalidCode", "EmailNotConfirmed"]);
/** An account's sign-in delay: the code carries the seconds left (src/server/auth/options.ts). */
const DELAYED = /^AccountDelayed:(\d+)$/;

export function SignInForm() {
  const t = useTranslations("auth.signIn");
  const errorText = (code: string | null | undefined) => {
    const delayed = code && DELAYED.exec(code);
    if (delayed) return t("errors.AccountDelayed", { seconds: Number(delayed[1]) });
    return t(`errors.${code && KNOWN_ERRORS.has(code) ? code : "other"}`);
  };
  const tReset = useTranslations("password-reset");
  const router = useRouter();
  const queryClient = useQueryClient();
  const params = useSearchParams();
  const callbackUrl = safeCallback(params.get("callbackUrl"));
  const [error, setError] = useState<string | null>(params.get("error") ? errorText(params.get("error")) : null);
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
    setError(errorText(result?.error));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">{t("heading")}</h1>
      {!error && params.get("reason") === SESSION_ENDED && <Notice tone="info">{t("sessionEnded")}</Notice>}
      {error && (
        <div role="alert">
          <Notice tone="warning">{error}</Notice>
        </div>
      )}
      <div className={askCode ? "hidden" : "space-y-4"}>
        <TextField label={t("email")} name="email" type="email" autoComplete="email" required />
        <TextField label={t("password")} name="password" type="password" autoComplete="current-password" required />
        <p className="text-right text-sm">
          <Link className="font-medium text-blue-800 underline-offset-2 hover:underline" href="/forgot-password">
            {tReset("forgotLink")}
          </Link>
        </p>
      </div>
      {askCode && (
        <TextField
          label={t("code")}
          name="code"
          autoComplete="one-time-code"
          autoFocus
          hint={t("codeHint")}
          required
        />
      )}
      <Button type="submit" busy={busy} className="w-full">
        {t("submit")}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t("newHere")}{" "}
        <Link className="font-medium text-blue-800 underline-offset-2 hover:underline" href="/sign-up">
          {t("createAccount")}
        </Link>
      </p>
    </form>
  );
}
