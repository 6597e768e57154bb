"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Empty, ErrorState, Loading, Notice } from "@/components/ui/states";
import { RowMenu } from "@/components/ui/row-menu";
import { ActionsTd, ActionsTh, Table, Tbody, Td, Th } from "@/components/ui/table";
import { useFormat } from "@/components/i18n/format";
import { usePortal } from "@/components/portal/portal-context";
import { useTRPC } from "@/trpc/client";
import { CreateKeyDialog } from "./create-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RollKeyDialog } from "./roll-key-dialog";
import { EditKeyDialog, type EditableKey } from "./edit-key-dialog";

const STATUS_TONE = { active: "success", revoked: "danger", expired: "neutral" } as const;

type KeyRef = EditableKey;

export function KeysView() {
  const t = useTranslations("keys");
  const format = useFormat();
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
          {t.rich("liveBlocked", {
            link: (chunks) => (
              <Link href="/live-access" className="font-medium underline">
                {chunks}
              </Link>
            ),
          })}
        </Notice>
      )}
      <Card>
        <CardHeader
          title={t("listTitle", { mode })}
          description={t("listDescription")}
          actions={
            <Button onClick={() => setCreating(true)} disabled={liveBlocked || summary.isPending}>
              {t("create")}
            </Button>
          }
        />
        {keys.isPending && <Loading label={t("loading")} />}
        {keys.error && <ErrorState error={keys.error} />}
        {keys.data?.length === 0 && <Empty title={t("emptyTitle", { mode })}>{t("emptyBody")}</Empty>}
        {keys.data && keys.data.length > 0 && (
          <Table caption={t("caption", { mode })}>
            <thead>
              <tr>
                <Th>{t("columns.name")}</Th>
                <Th>{t("columns.key")}</Th>
                <Th>{t("columns.access")}</Th>
                <Th>{t("columns.allowedFrom")}</Th>
                <Th>{t("columns.status")}</Th>
                <Th>{t("columns.created")}</Th>
                <Th>{t("columns.lastUsed")}</Th>
                <Th>{t("columns.expires")}</Th>
                <ActionsTh label={t("columns.actions")} />
              </tr>
            </thead>
            <Tbody>
              {keys.data.map((k) => (
                <tr key={k.id}>
                  <Td className="font-medium">{k.name}</Td>
                  <Td>
                    <code className="text-xs">{k.hint}</code>
                  </Td>
                  <Td>{t(`scopes.${k.scope}.name`)}</Td>
                  <Td>
                    <AllowedFrom entries={k.allowedIps} />
                  </Td>
                  <Td>
                    <Badge tone={STATUS_TONE[k.status]}>{t(`status.${k.status}`)}</Badge>
                  </Td>
                  <Td>{format.date(k.createdAt)}</Td>
                  <Td>{k.lastUsedAt ? format.dateTime(k.lastUsedAt) : t("neverUsed")}</Td>
                  <Td>{k.expiresAt ? format.dateTime(k.expiresAt) : t("neverExpires")}</Td>
                  <ActionsTd>
                    {k.status === "active" && (
                      <RowMenu
                        label={t("actionsFor", { name: k.name })}
                        actions={[
                          { label: t("edit"), onSelect: () => setEditing(k) },
                          { label: t("roll"), onSelect: () => setRolling(k) },
                          { label: t("revoke"), onSelect: () => setRevoking(k), destructive: true },
                        ]}
                      />
                    )}
                  </ActionsTd>
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
  const t = useTranslations("keys");
  if (entries.length === 0) return <span className="text-slate-500">{t("anywhere")}</span>;
  const shown = entries.slice(0, 2);
  return (
    <span title={entries.join("\n")} className="font-mono text-xs">
      {shown.join(", ")}
      {entries.length > shown.length && ` ${t("more", { count: entries.length - shown.length })}`}
    </span>
  );
}
