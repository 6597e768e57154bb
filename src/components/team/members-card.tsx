"use client";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { ActionsTd, ActionsTh, Table, Tbody, Td, Th } from "@/components/ui/table";
import { useFormat } from "@/components/i18n/format";
import { usePortal } from "@/components/portal/portal-context";
import { mayDo } from "@/contracts/roles";
import type { Role } from "@/generated/prisma/enums";
import { useTRPC } from "@/trpc/client";
import { ROLES } from "./roles";
import { Select } from "@/components/ui/select";
import { RowMenu } from "@/components/ui/row-menu";

type Member = { userId: string; name: string; email: string };

export function MembersCard() {
  const t = useTranslations("team");
  const roles = useTranslations("common.roles");
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { role } = usePortal();
  const isOwner = mayDo(role, "manageTeam");
  const members = useQuery(trpc.team.members.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.team.members.queryKey() });
  const changeRole = useMutation(trpc.team.changeRole.mutationOptions({ onSuccess: refresh }));
  const { ask, dialog } = useConfirmations();
  const confirmRole = (m: Member, next: Role) => {
    const summary = t("roleSummary", { role: roles(next), description: t(`roleDescriptions.${next}`) });
    ask([{ title: t("members.confirmTitle", { name: m.name, role: roles(next) }), message: summary, confirmLabel: t("members.confirm") }], () =>
      changeRole.mutate({ userId: m.userId, role: next }),
    );
  };
  const remove = useMutation(
    trpc.team.remove.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setRemoving(null);
      },
    }),
  );
  const [removing, setRemoving] = useState<Member | null>(null);

  return (
    <Card>
      <CardHeader title={t("members.title")} description={ROLES.map((r) => t("roleSummary", { role: roles(r), description: t(`roleDescriptions.${r}`) })).join(" ")} />
      {dialog}
      {members.isPending && <Loading label={t("members.loading")} />}
      {members.error && <ErrorState error={members.error} />}
      {changeRole.error && <ErrorState error={changeRole.error} />}
      {members.data?.length === 0 && <Empty title={t("members.empty")} />}
      {members.data && members.data.length > 0 && (
        <Table caption={t("members.caption")}>
          <thead>
            <tr>
              <Th>{t("members.columns.name")}</Th>
              <Th>{t("members.columns.email")}</Th>
              <Th>{t("members.columns.role")}</Th>
              <Th>{t("members.columns.since")}</Th>
              {isOwner && (
                <ActionsTh label={t("members.columns.actions")} />
              )}
            </tr>
          </thead>
          <Tbody>
            {members.data.map((m) => (
              <tr key={m.userId}>
                <Td className="font-medium">{m.name}</Td>
                <Td>{m.email}</Td>
                <Td>
                  {isOwner ? (
                    <Select
                      aria-label={t("members.roleOf", { name: m.name })}
                      value={m.role}
                      disabled={changeRole.isPending}
                      onChange={(e) => confirmRole(m, e.target.value as Role)}
                      className="py-1"
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {roles(r)}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <span>{roles(m.role)}</span>
                  )}
                </Td>
                <Td>{format.date(m.since)}</Td>
                {isOwner && (
                  <ActionsTd>
                    <RowMenu label={t("members.actionsFor", { name: m.name })} actions={[{ label: t("members.remove"), onSelect: () => setRemoving(m), destructive: true }]} />
                  </ActionsTd>
                )}
              </tr>
            ))}
          </Tbody>
        </Table>
      )}
      <Dialog
        open={removing !== null}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        title={t("members.removeTitle")}
      >
        {removing && (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              {t("members.removeBody", { name: removing.name, email: removing.email })}
            </p>
            {remove.error && <ErrorState error={remove.error} />}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                {t("members.cancel")}
              </Button>
              <Button variant="dangerSolid" busy={remove.isPending} onClick={() => remove.mutate({ userId: removing.userId })}>
                {t("members.removeSubmit")}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </Card>
  );
}
