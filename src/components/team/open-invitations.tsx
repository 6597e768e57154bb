"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { formatDate } from "@/components/format";
import { useTRPC } from "@/trpc/client";

/** Invitations not yet used, each revocable: its link stops working at once. */
export function OpenInvitations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.team.invitations.queryOptions());
  const revoke = useMutation(
    trpc.team.revokeInvitation.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() }) }),
  );
  if (!invitations.data?.length) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-slate-900">Open invitations</h3>
      {revoke.error && <ErrorState error={revoke.error} />}
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" data-testid="open-invitations">
        {invitations.data.map((i) => (
          <li key={i.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <span>
              <span className="font-medium capitalize">{i.role}</span>
              <span className="text-slate-500"> · expires {formatDate(i.expiresAt)}</span>
            </span>
            <Button
              size="sm"
              variant="danger"
              busy={revoke.isPending && revoke.variables?.invitationId === i.id}
              disabled={revoke.isPending}
              onClick={() => revoke.mutate({ invitationId: i.id })}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
