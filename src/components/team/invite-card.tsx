"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { SelectField, TextField } from "@/components/ui/field";
import { ErrorState, Notice } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { ROLE_OPTIONS } from "./roles";
import { OpenInvitations } from "./open-invitations";

/** Owners invite by link, emailed to the teammate when an address is given, and shown here once either way. */
export function InviteCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invite = useSubmission(
    trpc.team.invite.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() }) }),
  );
  const link = invite.data && `${window.location.origin}/invite/${invite.data.token}`;

  return (
    <Card>
      <CardHeader
        title="Invite a teammate"
        description="Create a link; we email it to them when you give their address. It works once and expires after 7 days."
      />
      <CardBody className="space-y-4">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const form = new FormData(e.currentTarget);
            invite.submit({ role: form.get("role") as "owner" | "developer" | "viewer", email: String(form.get("email") ?? "") });
          }}
        >
          <TextField label="Their email (optional)" name="email" type="email" autoComplete="off" className="w-64 max-w-full" />
          <SelectField label="Role" name="role" defaultValue="developer" className="w-48">
            {ROLE_OPTIONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </SelectField>
          <Button type="submit" busy={invite.isPending}>
            Create invitation link
          </Button>
        </form>
        {invite.error && <ErrorState error={invite.error} />}
        {link && (
          <div className="space-y-2">
            <Notice tone="warning">
              Anyone with this link can join as {invite.data.role}. It is shown only now{invite.data.emailed ? "; it was also emailed" : ""}.
            </Notice>
            <div className="flex items-center gap-2 rounded-md bg-slate-100 p-2">
              <code className="min-w-0 flex-1 break-all text-xs" data-testid="invitation-link">
                {link}
              </code>
              <CopyButton text={link} label="Copy link" />
            </div>
          </div>
        )}
        <OpenInvitations />
      </CardBody>
    </Card>
  );
}
