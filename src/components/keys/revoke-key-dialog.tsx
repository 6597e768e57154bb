"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: { id: string; name: string; hint: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.keys.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
        onClose();
      },
    }),
  );
  return (
    <Dialog open={apiKey !== null} onClose={onClose} title="Revoke this key?">
      {apiKey && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            <strong>{apiKey.name}</strong> (<code>{apiKey.hint}</code>) will stop working immediately. Requests using it will get 401
            Unauthorized. This cannot be undone.
          </p>
          {revoke.error && <ErrorState error={revoke.error} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="danger" busy={revoke.isPending} onClick={() => revoke.mutate({ keyId: apiKey.id })}>
              Revoke key
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
