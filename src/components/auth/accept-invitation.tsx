"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { writeSelectionCookie } from "@/components/portal/selection";
import { invitedSignUpInput } from "@/contracts/team";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { useValidate } from "@/components/i18n/use-validate";

/** Open the joined business straight away: select it with the switcher's cookie, drop old data. */
function enterBusiness(businessId: string, router: ReturnType<typeof useRouter>, queryClient: QueryClient) {
  writeSelectionCookie("hubi_business", businessId);
  queryClient.clear();
  router.replace("/overview");
  router.refresh();
}

export function AcceptInvitation({ token }: { token: string }) {
  const t = useTranslations("auth.invite");
  const roles = useTranslations("common.roles");
  const locale = useLocale();
  const trpc = useTRPC();
  const validate = useValidate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const invitation = useQuery(trpc.account.invitation.queryOptions({ token }, { retry: false }));
  const me = useQuery(trpc.session.me.queryOptions());
  const accept = useMutation(trpc.account.acceptInvitation.mutationOptions({ onSuccess: (r) => enterBusiness(r.businessId, router, queryClient) }));
  const signUp = useMutation(trpc.account.signUpWithInvitation.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSignUp(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, errors } = validate(invitedSignUpInput, { ...Object.fromEntries(new FormData(event.currentTarget)), token, locale });
    setErrors(errors);
    if (!data) return;
    try {
      const joined = await signUp.mutateAsync(data);
      await signIn("credentials", { redirect: false, email: data.email, password: data.password });
      enterBusiness(joined.businessId, router, queryClient);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  }

  if (invitation.isPending || me.isPending) return <Loading label={t("loading")} />;
  if (invitation.error) return <ErrorState error={invitation.error} />;
  const { businessName, role, state } = invitation.data;
  if (state !== "open") {
    return <Notice tone="warning">{t("unusable", { state })}</Notice>;
  }
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{t("heading", { business: businessName })}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("invitedAs", { role: roles(role) })}</p>
      </div>
      {me.data ? (
        <>
          <p className="text-sm text-slate-700">{t("signedInAs", { email: me.data.user.email })}</p>
          {accept.error && <ErrorState error={accept.error} />}
          <Button busy={accept.isPending} onClick={() => accept.mutate({ token })} className="w-full">
            {t("accept")}
          </Button>
        </>
      ) : (
        <form onSubmit={onSignUp} className="space-y-4" noValidate>
          {signUp.error && !Object.keys(errors).length && <ErrorState error={signUp.error} />}
          <TextField label={t("yourName")} name="name" autoComplete="name" error={errors.name} />
          <TextField label={t("email")} name="email" type="email" autoComplete="email" error={errors.email} />
          <TextField label={t("password")} name="password" type="password" autoComplete="new-password" error={errors.password} />
          <Button type="submit" busy={signUp.isPending} className="w-full">
            {t("submit")}
          </Button>
          <p className="text-center text-sm text-slate-600">
            {t("haveAccount")}{" "}
            <Link href={`/sign-in?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`} className="font-medium text-blue-800 hover:underline">
              {t("signInToAccept")}
            </Link>
          </p>
        </form>
      )}
    </div>
  );
}
