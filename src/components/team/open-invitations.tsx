"use client";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { RowMenu } from "@/components/ui/row-menu";
import { ErrorState } from "@/components/ui/states";
import { useFormat } from "@/components/i18n/format";
import { useTRPC } from "@/trpc/client";

/** Invitations not yet used, each revocable from its menu after a question: its link stops working at once. */
export function OpenInvitations() {
  const t = useTranslations("team.open");
  const roles = useTranslations("common.roles");
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.team.invitations.queryOptions());
  const revoke = useMutation(
    trpc.team.revokeInvitation.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() }) }),
  );
  const { ask, dialog } = useConfirmations();
  const confirmRevoke = (invitationId: string) =>
    ask([{ title: t("revokeTitle"), message: t("revokeMessage"), confirmLabel: t("revokeConfirm"), destructive: true }], () =>
      revoke.mutate({ invitationId }),
    );
  if (!invitations.data?.length) return null;
  return (
    <div className="space-y-2">
      {dialog}
      <h3 className="text-sm font-medium text-slate-900">{t("title")}</h3>
      {revoke.error && <ErrorState error={revoke.error} />}
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" data-testid="open-invitations">
        {invitations.data.map((i) => (
          <li key={i.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <span>
              <span className="font-medium">{roles(i.role)}</span>
              <span className="text-slate-500"> · {t("expires", { date: format.date(i.expiresAt) })}</span>
            </span>
            <RowMenu
              label={t("actionsFor", { role: roles(i.role) })}
              actions={[{ label: t("revoke"), onSelect: () => confirmRevoke(i.id), destructive: true }]}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
