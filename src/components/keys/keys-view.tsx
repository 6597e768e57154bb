"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Empty, ErrorState, Loading, Notice } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { SCOPE_LABELS } from "./scope-labels";
import { formatDate, formatDateTime } from "@/components/format";
import { usePortal } from "@/components/portal/portal-context";
import { useTRPC } from "@/trpc/client";
import { CreateKeyDialog } from "./create-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RollKeyDialog } from "./roll-key-dialog";
import { EditKeyDialog, type EditableKey } from "./edit-key-dialog";

const STATUS_TONE = { active: "success", revoked: "danger", expired: "neutral" } as const;

type KeyRef = EditableKey;

export function KeysView() {
  const trpc = useTRPC();
  const { mode } = usePortal();
  const keys = useQuery(trpc.keys.list.queryOptions());
  const summary = useQuery(trpc.business.summary.queryOptions());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<KeyRef | null>(null);
  const [rolling, setRolling] = useState<KeyRef | null>(null);
  const [editing, setEditing] = useState<KeyRef | null>(null);
  const liveBlocked = mode === "live" && summary.data !== undefined && summary.data.liveAccess !== "approved";

  return (
    <div className="space-y-4">
      {liveBlocked && (
        <Notice tone="info">
          Live keys can be created once your live-access application is approved.{" "}
          <Link href="/live-access" className="font-medium underline">
            Apply for live access
          </Link>
          . Until then, use test keys with the sandbox.
        </Notice>
      )}
      <Card>
        <CardHeader
          title={`${mode === "live" ? "Live" : "Test"} keys`}
          description="Keys authenticate your server's requests. Keep them secret; never put them in a browser or mobile app."
          actions={
            <Button onClick={() => setCreating(true)} disabled={liveBlocked || summary.isPending}>
              Create key
            </Button>
          }
        />
        {keys.isPending && <Loading label="Loading keys" />}
        {keys.error && <ErrorState error={keys.error} />}
        {keys.data?.length === 0 && <Empty title={`No ${mode} keys yet`}>Create a key to start calling the API.</Empty>}
        {keys.data && keys.data.length > 0 && (
          <Table caption={`${mode} API keys`}>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Key</Th>
                <Th>Access</Th>
                <Th>Allowed from</Th>
                <Th>Status</Th>
                <Th>Created</Th>
                <Th>Last used</Th>
                <Th>Expires</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <Tbody>
              {keys.data.map((k) => (
                <tr key={k.id}>
                  <Td className="font-medium">{k.name}</Td>
                  <Td>
                    <code className="text-xs">{k.hint}</code>
                  </Td>
                  <Td>{SCOPE_LABELS[k.scope].name}</Td>
                  <Td>
                    <AllowedFrom entries={k.allowedIps} />
                  </Td>
                  <Td>
                    <Badge tone={STATUS_TONE[k.status]}>{k.status}</Badge>
                  </Td>
                  <Td>{formatDate(k.createdAt)}</Td>
                  <Td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never"}</Td>
                  <Td>{k.expiresAt ? formatDateTime(k.expiresAt) : "Never"}</Td>
                  <Td className="text-right">
                    {k.status === "active" && (
                      <div className="flex justify-end gap-2">
                        <Button size="sm" variant="secondary" onClick={() => setEditing(k)} aria-label={`Edit ${k.name}`}>
                          Edit
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setRolling(k)} aria-label={`Roll ${k.name}`}>
                          Roll
                        </Button>
                        <Button size="sm" variant="danger" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                          Revoke
                        </Button>
                      </div>
                    )}
                  </Td>
                </tr>
              ))}
            </Tbody>
          </Table>
        )}
      </Card>
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
      <RollKeyDialog apiKey={rolling} onClose={() => setRolling(null)} />
      <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function AllowedFrom({ entries }: { entries: string[] }) {
  if (entries.length === 0) return <span className="text-slate-500">Anywhere</span>;
  const shown = entries.slice(0, 2);
  return (
    <span title={entries.join("\n")} className="font-mono text-xs">
      {shown.join(", ")}
      {entries.length > shown.length && ` +${entries.length - shown.length} more`}
    </span>
  );
}
