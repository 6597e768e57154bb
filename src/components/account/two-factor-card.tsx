"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { TextField } from "@/components/ui/field";
import { useErrorMessage } from "@/components/i18n/error-message";
import { ErrorState, Loading, Notice } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";

/** Turning two-factor sign-in on (QR code, a code to prove it, recovery codes once) and off. */
export function TwoFactorCard() {
  const t = useTranslations("account.twoFactor");
  const errorMessage = useErrorMessage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const status = useQuery(trpc.security.status.queryOptions());
  const begin = useMutation(trpc.security.beginTwoFactor.mutationOptions());
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: trpc.security.status.queryKey() });
  // The badge follows the server at once: two-factor sign-in is on from the confirmation, not from "I have saved them".
  const confirm = useMutation(trpc.security.confirmTwoFactor.mutationOptions({ onSuccess: refreshStatus }));
  const disable = useMutation(trpc.security.disableTwoFactor.mutationOptions({ onSuccess: refreshStatus }));
  const [saved, setSaved] = useState(false);

  function finish() {
    setSaved(true);
    begin.reset();
    confirm.reset();
    // The server-rendered layouts now let the user through.
    void queryClient.invalidateQueries();
    router.refresh();
  }

  const codes = confirm.data?.recoveryCodes;
  return (
    <Card>
      <CardHeader
        title={t("title")}
        description={t("description")}
        actions={status.data && <Badge tone={status.data.twoFactorEnabled ? "success" : "neutral"}>{t(status.data.twoFactorEnabled ? "on" : "off")}</Badge>}
      />
      <CardBody>
        {status.isPending && <Loading label={t("loading")} />}
        {status.error && <ErrorState error={status.error} />}
        {codes && (
          <div className="space-y-3">
            <Notice tone="success">{t("isOn")}</Notice>
            <p className="text-sm text-slate-700">{t("saveCodes")}</p>
            <ul className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-3 font-mono text-sm" data-testid="recovery-codes">
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <div className="flex gap-2">
              <CopyButton text={codes.join("\n")} label={t("copyCodes")} />
              <Button onClick={finish}>{t("saved")}</Button>
            </div>
          </div>
        )}
        {!codes && status.data && !status.data.twoFactorEnabled && (
          <div className="space-y-4">
            {!begin.data && (
              <Button busy={begin.isPending} onClick={() => begin.mutate()}>
                {t("turnOn")}
              </Button>
            )}
            {begin.error && <ErrorState error={begin.error} />}
            {begin.data && (
              <form
                className="space-y-4"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!confirm.isPending) confirm.mutate({ code: String(new FormData(event.currentTarget).get("code") ?? "") });
                }}
              >
                <p className="text-sm text-slate-700">{t("scan")}</p>
                <div className="h-44 w-44 rounded-md bg-white p-1 ring-1 ring-slate-200" aria-label={t("qr")} role="img" dangerouslySetInnerHTML={{ __html: begin.data.qrSvg }} />
                <p className="text-sm">
                  {t("key")} <code className="break-all font-mono" data-testid="totp-secret">{begin.data.secret}</code>
                </p>
                <TextField
                  label={t("enterCode")}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  error={fieldErrorsOf(confirm.error).code ?? (confirm.error ? errorMessage(confirm.error) : undefined)}
                />
                <Button type="submit" busy={confirm.isPending}>
                  {t("confirm")}
                </Button>
              </form>
            )}
          </div>
        )}
        {!codes && status.data?.twoFactorEnabled && (
          <div className="space-y-3">
            {saved && <Notice tone="success">{t("isOn")}</Notice>}
            {status.data.twoFactorRequired ? (
              <p className="text-sm text-slate-600">{t("required")}</p>
            ) : (
              <form
                className="space-y-3"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  const form = new FormData(event.currentTarget);
                  if (!disable.isPending) disable.mutate({ password: String(form.get("password") ?? ""), code: String(form.get("code") ?? "") });
                }}
              >
                <p className="text-sm text-slate-600">{t("turnOffHint")}</p>
                <TextField label={t("password")} name="password" type="password" autoComplete="current-password" error={fieldErrorsOf(disable.error).password} />
                <TextField label={t("code")} name="code" autoComplete="one-time-code" error={fieldErrorsOf(disable.error).code} />
                {disable.error && !Object.keys(fieldErrorsOf(disable.error)).length && <ErrorState error={disable.error} />}
                <Button type="submit" variant="danger" busy={disable.isPending}>
                  {t("turnOff")}
                </Button>
              </form>
            )}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
