"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { PASSWORD_MIN_LENGTH, resetPasswordInput } from "@/contracts/accounts";
import { useTRPC } from "@/trpc/client";
import { BackToSignIn } from "./forgot-password-form";
import { LinkUnusable } from "./email-link-states";
import { useFormMutation } from "./use-form-mutation";

const LINK = "block text-center font-medium text-blue-800 underline-offset-2 hover:underline";

/** The page a reset email links to: a new password, once; a used or expired link says so. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("password-reset");
  const trpc = useTRPC();
  const link = useQuery(trpc.account.passwordResetLink.queryOptions({ token }, { retry: false }));
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const { errors, setErrors, submit, serverError } = useFormMutation(resetPasswordInput, reset);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get("password") !== form.get("confirm")) return setErrors({ confirm: t("reset.mismatch") });
    submit({ token, password: form.get("password") });
  }

  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold">{t("done.title")}</h1>
        <div role="status">
          <Notice tone="success">{t("done.body")}</Notice>
        </div>
        <Link className={LINK} href="/sign-in">
          {t("done.signIn")}
        </Link>
      </div>
    );
  }
  if (link.isPending) return <Loading />;
  if (!link.data?.usable) {
    return <LinkUnusable title={t("expired.title")} body={t("expired.body")} href="/forgot-password" label={t("expired.again")} />;
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <h1 className="text-xl font-semibold">{t("reset.title")}</h1>
      {serverError && <ErrorState error={serverError} />}
      <TextField
        label={t("reset.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t("reset.hint", { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
        required
      />
      <TextField label={t("reset.confirm")} name="confirm" type="password" autoComplete="new-password" error={errors.confirm} required />
      <Button type="submit" busy={reset.isPending} className="w-full">
        {t("reset.submit")}
      </Button>
      <BackToSignIn />
    </form>
  );
}
