"use client";
import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { SelectField, TextField } from "@/components/ui/field";
import { ErrorState, Notice } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { ROLES } from "./roles";
import { OpenInvitations } from "./open-invitations";

/** Owners invite by link, emailed to the teammate when an address is given, and shown here once either way. */
export function InviteCard() {
  const t = useTranslations("team.invite");
  const roles = useTranslations("common.roles");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invite = useSubmission(
    trpc.team.invite.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() }) }),
  );
  const link = invite.data && `${window.location.origin}/invite/${invite.data.token}`;

  return (
    <Card>
      <CardHeader title={t("title")} description={t("description")} />
      <CardBody className="space-y-4">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            invite.submit({ role: form.get("role") as "owner" | "developer" | "viewer", email: String(form.get("email") ?? "") });
          }}
        >
          <TextField label={t("email")} name="email" type="email" autoComplete="off" className="w-64 max-w-full" />
          <SelectField label={t("role")} name="role" defaultValue="developer" className="w-48">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roles(r)}
              </option>
            ))}
          </SelectField>
          <Button type="submit" busy={invite.isPending}>
            {t("submit")}
          </Button>
        </form>
        {invite.error && <ErrorState error={invite.error} />}
        {link && (
          <div className="space-y-2">
            <Notice tone="warning">{t(invite.data.emailed ? "warningEmailed" : "warning", { role: roles(invite.data.role) })}</Notice>
            <div className="flex items-center gap-2 rounded-md bg-slate-100 p-2">
              <code className="min-w-0 flex-1 break-all text-xs" data-testid="invitation-link">
                {link}
              </code>
              <CopyButton text={link} label={t("copy")} />
            </div>
          </div>
        )}
        <OpenInvitations />
      </CardBody>
    </Card>
  );
}
