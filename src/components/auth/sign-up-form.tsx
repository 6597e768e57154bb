"use client";
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { EmailSent } from "./email-link-states";
import { PASSWORD_MIN_LENGTH, signUpInput } from "@/contracts/accounts";
import { useTRPC } from "@/trpc/client";
import { useFormMutation } from "./use-form-mutation";

export function SignUpForm() {
  const t = useTranslations("auth.signUp");
  const locale = useLocale();
  const trpc = useTRPC();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const { errors, submit, serverError } = useFormMutation(signUpInput, signUp);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit({ ...Object.fromEntries(new FormData(event.currentTarget)), locale });
  }

  // The same page whether or not the address has an account: the email says which.
  if (signUp.isSuccess) {
    return <EmailSent title={t("sent.title")} body={t("sent.body", { email: signUp.variables.email })} help={t("sent.help")} />;
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-xl font-semibold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      {serverError && <ErrorState error={serverError} />}
      <TextField label={t("businessName")} name="businessName" autoComplete="organization" error={errors.businessName} required />
      <TextField label={t("yourName")} name="ownerName" autoComplete="name" error={errors.ownerName} required />
      <TextField label={t("email")} name="email" type="email" autoComplete="email" error={errors.email} required />
      <TextField
        label={t("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
        required
      />
      <Button type="submit" busy={signUp.isPending} className="w-full">
        {t("submit")}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t("haveAccount")}{" "}
        <Link className="font-medium text-blue-800 underline-offset-2 hover:underline" href="/sign-in">
          {t("signIn")}
        </Link>
      </p>
    </form>
  );
}
