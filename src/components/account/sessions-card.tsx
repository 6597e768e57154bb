"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { ActionsTd, ActionsTh, Table, Tbody, Td, Th } from "@/components/ui/table";
import { useFormat } from "@/components/i18n/format";
import { useTRPC } from "@/trpc/client";

/** Where the user is signed in; any session can be ended, or all of them at once. */
export function SessionsCard() {
  const t = useTranslations("account.sessions");
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.security.sessions.queryOptions());
  const end = useMutation(
    trpc.security.endSessions.mutationOptions({
      onSuccess: async (_result, input) => {
        if (!input.sessionId) return void (await signOut({ callbackUrl: "/sign-in" }));
        await queryClient.invalidateQueries({ queryKey: trpc.security.sessions.queryKey() });
      },
    }),
  );
  return (
    <Card>
      <CardHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button variant="danger" size="sm" busy={end.isPending && !end.variables?.sessionId} onClick={() => end.mutate({})}>
            {t("signOutEverywhere")}
          </Button>
        }
      />
      {sessions.isPending && <Loading label={t("loading")} />}
      {(sessions.error ?? end.error) && <ErrorState error={(sessions.error ?? end.error)!} />}
      {sessions.data && (
        <Table caption={t("caption")}>
          <thead>
            <tr>
              <Th>{t("signedIn")}</Th>
              <Th>{t("lastActive")}</Th>
              <Th>{t("address")}</Th>
              <Th>{t("browser")}</Th>
              <ActionsTh label={t("actions")} />
            </tr>
          </thead>
          <Tbody>
            {sessions.data.map((s) => (
              <tr key={s.id}>
                <Td>{format.dateTime(s.createdAt)}</Td>
                <Td>{format.dateTime(s.lastSeenAt)}</Td>
                <Td className="font-mono text-xs">{s.clientAddress ?? t("unknown")}</Td>
                <Td className="max-w-xs truncate text-xs">
                  <span title={s.userAgent ?? undefined}>{s.userAgent ?? t("unknown")}</span>
                </Td>
                <ActionsTd>
                  {s.current ? (
                    <Badge tone="success">{t("thisBrowser")}</Badge>
                  ) : (
                    <Button size="sm" variant="secondary" busy={end.isPending && end.variables?.sessionId === s.id} onClick={() => end.mutate({ sessionId: s.id })}>
                      {t("end")}
                    </Button>
                  )}
                </ActionsTd>
              </tr>
            ))}
          </Tbody>
        </Table>
      )}
    </Card>
  );
}
