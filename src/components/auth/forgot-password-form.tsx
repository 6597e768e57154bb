"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { EmailSent } from "./email-link-states";
import { requestPasswordResetInput } from "@/contracts/accounts";
import { useTRPC } from "@/trpc/client";
import { useFormMutation } from "./use-form-mutation";

/** "Forgot password": asks for the address; the answer never says whether it has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("password-reset");
  const trpc = useTRPC();
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const { errors, submit, serverError } = useFormMutation(requestPasswordResetInput, request);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(Object.fromEntries(new FormData(event.currentTarget)));
  }

  if (request.isSuccess) {
    return (
      <EmailSent title={t("sent.title")} body={t("sent.body", { email: request.variables.email })} help={t("sent.help")}>
        <BackToSignIn />
      </EmailSent>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-xl font-semibold">{t("forgot.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("forgot.intro")}</p>
      </div>
      {serverError && <ErrorState error={serverError} />}
      <TextField label={t("forgot.email")} name="email" type="email" autoComplete="email" error={errors.email} required />
      <Button type="submit" busy={request.isPending} className="w-full">
        {t("forgot.submit")}
      </Button>
      <BackToSignIn />
    </form>
  );
}

export function BackToSignIn() {
  const t = useTranslations("password-reset");
  return (
    <p className="text-center text-sm text-slate-600">
      <Link className="font-medium text-blue-800 underline-offset-2 hover:underline" href="/sign-in">
        {t("backToSignIn")}
      </Link>
    </p>
  );
}
