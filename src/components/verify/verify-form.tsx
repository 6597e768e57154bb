"use client";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { ErrorState, Notice } from "@/components/ui/states";
import { useFormat } from "@/components/i18n/format";
import { usePortal } from "@/components/portal/portal-context";
import { ResultBadge } from "@/components/portal/result-badge";
import { verifyCitizenRequestSchema } from "@/contracts/verifications";
import { MatchSummary } from "./match-summary";
import { ConsentFields, consentFromForm } from "./consent-fields";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { useValidate } from "@/components/i18n/use-validate";

export function VerifyForm() {
  const t = useTranslations("verify");
  const format = useFormat();
  const trpc = useTRPC();
  const validate = useValidate();
  const queryClient = useQueryClient();
  const { mode } = usePortal();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const summary = useQuery(trpc.business.summary.queryOptions());
  const consentRequired = mode === "live" && summary.data?.requireLiveConsent === true;
  const verify = useSubmission(
    trpc.verifications.verify.mutationOptions({
      // The balance and history changed; refetch them when next shown.
      onSuccess: () => queryClient.invalidateQueries(),
      onError: (error) => setErrors(fieldErrorsOf(error)),
    }),
  );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const [purpose, fullName, dateOfBirth] = [text("purpose"), text("matchFullName"), text("matchDateOfBirth")];
    const match = fullName || dateOfBirth ? { ...(fullName ? { fullName } : {}), ...(dateOfBirth ? { dateOfBirth } : {}) } : undefined;
    const consent = consentFromForm(form);
    const { data, errors } = validate(verifyCitizenRequestSchema, {
      nationalId: form.get("nationalId"),
      ...(purpose ? { purpose } : {}),
      ...(match ? { match } : {}),
      ...(consent ? { consent } : {}),
    });
    if (data && consentRequired && !data.consent) errors["consent.method"] = t("form.consentRequired");
    setErrors(errors);
    if (data && !Object.keys(errors).length) verify.submit(data);
  }

  const result = verify.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader
          title={t("form.title")}
          description={mode === "live" ? t("form.live") : t("form.test")}
        />
        <CardBody>
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            {verify.error && !Object.keys(errors).length && <ErrorState error={verify.error} />}
            <TextField
              label={t("form.nationalId")}
              name="nationalId"
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              hint={mode === "test" ? t("form.nationalIdHintTest") : t("form.nationalIdHint")}
              error={errors.nationalId}
              required
            />
            <TextField label={t("form.purpose")} name="purpose" maxLength={200} placeholder={t("form.purposePlaceholder")} error={errors.purpose} />
            <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">{t("form.matchLegend")}</legend>
              <TextField
                label={t("form.fullName")}
                name="matchFullName"
                maxLength={200}
                autoComplete="off"
                hint={t("form.fullNameHint")}
                error={errors["match.fullName"] ?? errors.match}
              />
              <TextField label={t("form.dateOfBirth")} name="matchDateOfBirth" type="date" error={errors["match.dateOfBirth"]} />
            </fieldset>
            <ConsentFields required={consentRequired} errors={errors} />
            <Button type="submit" busy={verify.isPending}>
              {t("form.submit")}
            </Button>
          </form>
        </CardBody>
      </Card>
      <Card aria-live="polite">
        <CardHeader title={t("result.title")} />
        <CardBody>
          {!result && <p className="text-sm text-slate-500">{t("result.placeholder")}</p>}
          {result && (
            <div className="space-y-4">
              <div className="flex items-center gap-3">
                <ResultBadge result={result.data.result} />
                <p className="text-sm font-medium text-slate-900" data-testid="verify-message">
                  {t(`result.messages.${result.data.result}`)}
                </p>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-slate-500">{t("result.reference")}</dt>
                <dd className="font-mono">{result.data.reference}</dd>
                <dt className="text-slate-500">{t("result.time")}</dt>
                <dd>{format.dateTime(result.data.createdAt)}</dd>
                <dt className="text-slate-500">{t("result.creditsUsed")}</dt>
                <dd>{format.number(result.data.creditsUsed)}</dd>
                {result.citizen && (
                  <>
                    <dt className="text-slate-500">{t("result.fullName")}</dt>
                    <dd className="font-medium">{result.citizen.fullName}</dd>
                    <dt className="text-slate-500">{t("result.dateOfBirth")}</dt>
                    <dd>{result.citizen.dateOfBirth}</dd>
                    <dt className="text-slate-500">{t("result.dateOfIssue")}</dt>
                    <dd>{result.citizen.dateOfIssue}</dd>
                  </>
                )}
              </dl>
              <MatchSummary match={result.match} />
              {result.citizen && <Notice>{t("result.shownOnce")}</Notice>}
              <Link href={`/history/${result.data.id}`} className="text-sm font-medium text-blue-800 hover:underline">
                {t("result.certificate")}
              </Link>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
