"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { formatDateTime } from "@/components/format";
import { useTRPC } from "@/trpc/client";

/** Where the user is signed in; any session can be ended, or all of them at once. */
export function SessionsCard() {
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
        title="Sessions"
        description="Browsers signed in to your account."
        actions={
          <Button variant="danger" size="sm" busy={end.isPending && !end.variables?.sessionId} onClick={() => end.mutate({})}>
            Sign out everywhere
          </Button>
        }
      />
      {sessions.isPending && <Loading label="Loading sessions" />}
      {(sessions.error ?? end.error) && <ErrorState error={(sessions.error ?? end.error)!} />}
      {sessions.data && (
        <Table caption="Active sessions">
          <thead>
            <tr>
              <Th>Signed in</Th>
              <Th>Last active</Th>
              <Th>Address</Th>
              <Th>Browser</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <Tbody>
            {sessions.data.map((s) => (
              <tr key={s.id}>
                <Td>{formatDateTime(s.createdAt)}</Td>
                <Td>{formatDateTime(s.lastSeenAt)}</Td>
                <Td className="font-mono text-xs">{s.clientAddress ?? "Unknown"}</Td>
                <Td className="max-w-xs truncate text-xs">
                  <span title={s.userAgent ?? undefined}>{s.userAgent ?? "Unknown"}</span>
                </Td>
                <Td className="text-right">
                  {s.current ? (
                    <Badge tone="success">This browser</Badge>
                  ) : (
                    <Button size="sm" variant="secondary" busy={end.isPending && end.variables?.sessionId === s.id} onClick={() => end.mutate({ sessionId: s.id })}>
                      End session
                    </Button>
                  )}
                </Td>
              </tr>
            ))}
          </Tbody>
        </Table>
      )}
    </Card>
  );
}
