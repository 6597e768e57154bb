"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { formatDate } from "@/components/format";
import { usePortal } from "@/components/portal/portal-context";
import { hasRole } from "@/components/portal/roles";
import type { Role } from "@/generated/prisma/enums";
import { useTRPC } from "@/trpc/client";
import { ROLE_OPTIONS } from "./roles";

type Member = { userId: string; name: string; email: string };

export function MembersCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { role } = usePortal();
  const isOwner = hasRole(role, "owner");
  const members = useQuery(trpc.team.members.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.team.members.queryKey() });
  const changeRole = useMutation(trpc.team.changeRole.mutationOptions({ onSuccess: refresh }));
  const { ask, dialog } = useConfirmations();
  const confirmRole = (m: Member, next: Role) => {
    const option = ROLE_OPTIONS.find((r) => r.value === next)!;
    ask([{ title: `Make ${m.name} ${option.label.toLowerCase()}?`, message: `${option.label}: ${option.description}.`, confirmLabel: "Change role" }], () =>
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
      <CardHeader title="Members" description={ROLE_OPTIONS.map((r) => `${r.label}: ${r.description}.`).join(" ")} />
      {dialog}
      {members.isPending && <Loading label="Loading members" />}
      {members.error && <ErrorState error={members.error} />}
      {changeRole.error && <ErrorState error={changeRole.error} />}
      {members.data?.length === 0 && <Empty title="No members" />}
      {members.data && members.data.length > 0 && (
        <Table caption="Team members">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Role</Th>
              <Th>Member since</Th>
              {isOwner && (
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
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
                    <select
                      aria-label={`Role of ${m.name}`}
                      value={m.role}
                      disabled={changeRole.isPending}
                      onChange={(e) => confirmRole(m, e.target.value as Role)}
                      className="rounded-md border-0 py-1 pl-2 pr-8 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-blue-800"
                    >
                      {ROLE_OPTIONS.map((r) => (
                        <option key={r.value} value={r.value}>
                          {r.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className="capitalize">{m.role}</span>
                  )}
                </Td>
                <Td>{formatDate(m.since)}</Td>
                {isOwner && (
                  <Td className="text-right">
                    <Button size="sm" variant="secondary" onClick={() => setRemoving(m)} aria-label={`Remove ${m.name}`}>
                      Remove
                    </Button>
                  </Td>
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
        title="Remove this member?"
      >
        {removing && (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              {removing.name} ({removing.email}) will lose access to this business at once.
            </p>
            {remove.error && <ErrorState error={remove.error} />}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                Cancel
              </Button>
              <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate({ userId: removing.userId })}>
                Remove member
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </Card>
  );
}
