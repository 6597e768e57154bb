"use client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

export function SecretPanel({ previousSecretExpiresAt }: { previousSecretExpiresAt: Date | null }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const reveal = useMutation(trpc.webhooks.revealSecret.mutationOptions({ onSuccess: (r) => setSecret(r.secret) }));
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (r) => {
        setSecret(r.secret);
        void invalidate();
      },
    }),
  );
  return (
    <div className="mt-4 space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <code data-testid="webhook-secret" className="rounded bg-slate-100 px-2 py-1 font-mono">
          {secret ?? "whsec_••••••••••••••••"}
        </code>
        <button className="rounded-md border border-slate-300 px-3 py-1.5" onClick={() => (secret ? setSecret(null) : reveal.mutate())}>
          {secret ? "Hide secret" : "Reveal secret"}
        </button>
        <button
          className="rounded-md border border-slate-300 px-3 py-1.5"
          disabled={rotate.isPending}
          onClick={() => {
            if (confirm("Rotate the signing secret? The current secret keeps signing for 24 hours.")) rotate.mutate();
          }}
        >
          Rotate secret
        </button>
      </div>
      {previousSecretExpiresAt && (
        <p className="text-slate-600">Rotation in progress: the previous secret also signs until {previousSecretExpiresAt.toLocaleString()}.</p>
      )}
      {(reveal.error ?? rotate.error) && <p role="alert" className="text-red-700">{(reveal.error ?? rotate.error)!.message}</p>}
    </div>
  );
}
