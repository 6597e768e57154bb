"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ErrorState, Loading } from "@/components/ui/states";
import { LinkUnusable } from "./email-link-states";
import { confirmEmailInput } from "@/contracts/accounts";
import { useTRPC } from "@/trpc/client";
import { useFormMutation } from "./use-form-mutation";

/**
 * The page a confirmation email links to. Opening it changes nothing (mail scanners open links):
 * the password chosen at sign-up confirms the address, then signs in.
 */
export function ConfirmEmailForm({ token }: { token: string }) {
  const t = useTranslations("auth.confirm");
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const link = useQuery(trpc.account.emailConfirmationLink.queryOptions({ token }, { retry: false }));
  const confirm = useMutation(
    trpc.account.confirmEmail.mutationOptions({
      onSuccess: async ({ email }, { password }) => {
        await signIn("credentials", { redirect: false, email, password });
        queryClient.clear();
        router.replace("/overview");
        router.refresh();
      },
    }),
  );
  const { errors, submit, serverError } = useFormMutation(confirmEmailInput, confirm);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit({ token, password: new FormData(event.currentTarget).get("password") });
  }

  if (link.isPending) return <Loading />;
  if (!link.data?.usable) {
    return <LinkUnusable title={t("expiredTitle")} body={t("expiredBody")} href="/sign-up" label={t("signUpAgain")} />;
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro", { email: link.data.email })}</p>
      </div>
      {serverError && <ErrorState error={serverError} />}
      <TextField label={t("password")} name="password" type="password" autoComplete="current-password" error={errors.password} required />
      <Button type="submit" busy={confirm.isPending || confirm.isSuccess} className="w-full">
        {t("submit")}
      </Button>
    </form>
  );
}
