"use client";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { ErrorState, Notice } from "@/components/ui/states";
import { formatDateTime } from "@/components/format";
import { usePortal } from "@/components/portal/portal-context";
import { ResultBadge } from "@/components/portal/result-badge";
import { verifyCitizenRequestSchema } from "@/contracts/verifications";
import { MatchSummary } from "./match-summary";
import { ConsentFields, consentFromForm } from "./consent-fields";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { useValidate } from "@/components/i18n/use-validate";

export function VerifyForm() {
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
    if (data && consentRequired && !data.consent) errors["consent.method"] = "Record how the customer gave consent: this business requires it for live verifications.";
    setErrors(errors);
    if (data && !Object.keys(errors).length) verify.submit(data);
  }

  const result = verify.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader
          title="Verify a national ID"
          description={mode === "live" ? "Live: queries the national registry and costs 1 credit." : "Test: uses sandbox data and is free."}
        />
        <CardBody>
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            {verify.error && !Object.keys(errors).length && <ErrorState error={verify.error} />}
            <TextField
              label="National ID"
              name="nationalId"
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              hint={mode === "test" ? "11 digits. Sandbox: 11111111111 verified, 22222222222 not found, 33333333333 expired, 44444444444 revoked." : "11 digits"}
              error={errors.nationalId}
              required
            />
            <TextField label="Purpose (optional)" name="purpose" maxLength={200} placeholder="e.g. Account opening" error={errors.purpose} />
            <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">Check what the customer told you (optional)</legend>
              <TextField
                label="Full name"
                name="matchFullName"
                maxLength={200}
                autoComplete="off"
                hint="Any spelling: Somali, English or Arabic script. Compared with the registry, never stored."
                error={errors["match.fullName"] ?? errors.match}
              />
              <TextField label="Date of birth" name="matchDateOfBirth" type="date" error={errors["match.dateOfBirth"]} />
            </fieldset>
            <ConsentFields required={consentRequired} errors={errors} />
            <Button type="submit" busy={verify.isPending}>
              Verify
            </Button>
          </form>
        </CardBody>
      </Card>
      <Card aria-live="polite">
        <CardHeader title="Result" />
        <CardBody>
          {!result && <p className="text-sm text-slate-500">The outcome appears here.</p>}
          {result && (
            <div className="space-y-4">
              <div className="flex items-center gap-3">
                <ResultBadge result={result.data.result} />
                <p className="text-sm font-medium text-slate-900" data-testid="verify-message">
                  {result.message}
                </p>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-slate-500">Reference</dt>
                <dd className="font-mono">{result.data.reference}</dd>
                <dt className="text-slate-500">Time</dt>
                <dd>{formatDateTime(result.data.createdAt)}</dd>
                <dt className="text-slate-500">Credits used</dt>
                <dd>{result.data.creditsUsed}</dd>
                {result.citizen && (
                  <>
                    <dt className="text-slate-500">Full name</dt>
                    <dd className="font-medium">{result.citizen.fullName}</dd>
                    <dt className="text-slate-500">Date of birth</dt>
                    <dd>{result.citizen.dateOfBirth}</dd>
                    <dt className="text-slate-500">Date of issue</dt>
                    <dd>{result.citizen.dateOfIssue}</dd>
                  </>
                )}
              </dl>
              <MatchSummary match={result.match} />
              {result.citizen && <Notice>Citizen details are shown once and are not stored by Hubi.</Notice>}
              <Link href={`/history/${result.data.id}`} className="text-sm font-medium text-blue-800 hover:underline">
                Open the certificate
              </Link>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
