"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { PASSWORD_MIN_LENGTH, signUpInput } from "@/contracts/accounts";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { useValidate } from "@/components/i18n/use-validate";

export function SignUpForm() {
  const t = useTranslations("auth.signUp");
  const locale = useLocale();
  const trpc = useTRPC();
  const validate = useValidate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  // A second click while the account is being created must not submit again (it would be refused
  // as a taken email, and show that error over the account just created).
  const submitting = useRef(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = validate(signUpInput, { ...Object.fromEntries(new FormData(event.currentTarget)), locale });
    setErrors(errors);
    if (!data || submitting.current) return;
    submitting.current = true;
    try {
      await signUp.mutateAsync(data);
    } catch (error) {
      submitting.current = false;
      setErrors(fieldErrorsOf(error));
      return;
    }
    await signIn("credentials", { redirect: false, email: data.email, password: data.password });
    queryClient.clear();
    router.replace("/overview");
    router.refresh();
  }

  const serverError = signUp.error && Object.keys(fieldErrorsOf(signUp.error)).length === 0 ? signUp.error : null;
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
