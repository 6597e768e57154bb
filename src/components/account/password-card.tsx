"use client";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { ErrorState, Notice } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";

export function PasswordCard() {
  const t = useTranslations("account.password");
  const trpc = useTRPC();
  const change = useMutation(trpc.security.changePassword.mutationOptions());
  const errors = fieldErrorsOf(change.error);
  return (
    <Card>
      <CardHeader title={t("title")} description={t("description")} />
      <CardBody>
        <form
          className="space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            if (change.isPending) return;
            change.mutate(
              { currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") },
              { onSuccess: () => (event.target as HTMLFormElement).reset() },
            );
          }}
        >
          {change.data && (
            <Notice tone="success">
              {t("changed", { sessions: change.data.sessionsEnded })}
            </Notice>
          )}
          {change.error && !Object.keys(errors).length && <ErrorState error={change.error} />}
          <TextField label={t("current")} name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} />
          <TextField label={t("new")} name="newPassword" type="password" autoComplete="new-password" hint={t("newHint")} error={errors.newPassword} />
          <Button type="submit" busy={change.isPending}>
            {t("submit")}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
