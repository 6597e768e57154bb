"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: { id: string; name: string; hint: string } | null; onClose: () => void }) {
  const t = useTranslations("keys.revokeDialog");
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
    <Dialog open={apiKey !== null} onClose={onClose} title={t("title")}>
      {apiKey && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {t.rich("body", { name: apiKey.name, hint: apiKey.hint, strong: (c) => <strong>{c}</strong>, code: (c) => <code>{c}</code> })}
          </p>
          {revoke.error && <ErrorState error={revoke.error} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button variant="dangerSolid" busy={revoke.isPending} onClick={() => revoke.mutate({ keyId: apiKey.id })}>
              {t("submit")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
