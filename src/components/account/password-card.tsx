"use client";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { ErrorState, Notice } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";

export function PasswordCard() {
  const trpc = useTRPC();
  const change = useMutation(trpc.security.changePassword.mutationOptions());
  const errors = fieldErrorsOf(change.error);
  return (
    <Card>
      <CardHeader title="Password" description="Changing it signs you out everywhere else." />
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
              Password changed.{" "}
              {change.data.sessionsEnded === 1 ? "1 other session was signed out." : `${change.data.sessionsEnded} other sessions were signed out.`}
            </Notice>
          )}
          {change.error && !Object.keys(errors).length && <ErrorState error={change.error} />}
          <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} />
          <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" hint="At least 10 characters." error={errors.newPassword} />
          <Button type="submit" busy={change.isPending}>
            Change password
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
