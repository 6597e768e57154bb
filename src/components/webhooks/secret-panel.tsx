"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { useSubmission } from "@/trpc/use-submission";
import { useFormat } from "@/components/i18n/format";
import { ErrorText } from "@/components/ui/states";
import { Button } from "@/components/ui/button";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

/**
 * The signing secret: revealed on request; rotated after a confirmation, once per submission. A
 * new secret takes the focus, as a new key does: the dialog that asked is gone, and a keyboard or
 * screen-reader user lands on what the rotation made.
 */
export function SecretPanel({ previousSecretExpiresAt }: { previousSecretExpiresAt: Date | null }) {
  const t = useTranslations("webhooks.secret");
  const format = useFormat();
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const secretRef = useRef<HTMLElement>(null);
  // Counts rotations: each one moves the focus to the secret once it is on screen.
  const [rotations, setRotations] = useState(0);
  useEffect(() => {
    if (rotations) secretRef.current?.focus();
  }, [rotations]);
  const { ask, dialog } = useConfirmations();
  const reveal = useMutation(trpc.webhooks.revealSecret.mutationOptions({ onSuccess: (r) => setSecret(r.secret) }));
  const rotate = useSubmission(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (r) => {
        setSecret(r.secret);
        setRotations((n) => n + 1);
        void invalidate();
      },
    }),
  );
  const confirmRotation = () =>
    ask(
      [
        {
          title: t("rotateTitle"),
          message: t("rotateMessage"),
          confirmLabel: t("rotate"),
        },
      ],
      () => rotate.submit({}),
    );
  return (
    <div className="mt-4 space-y-2 text-sm">
      {dialog}
      <div className="flex flex-wrap items-center gap-3">
        <code ref={secretRef} tabIndex={-1} data-testid="webhook-secret" className="rounded bg-slate-100 px-2 py-1 font-mono focus:outline-2 focus:outline-blue-800">
          {secret ?? "whsec_••••••••••••••••"}
        </code>
        <Button variant="secondary" busy={reveal.isPending} onClick={() => (secret ? setSecret(null) : reveal.mutate())}>
          {secret ? t("hide") : t("reveal")}
        </Button>
        <Button variant="secondary" busy={rotate.isPending} onClick={confirmRotation}>
          {t("rotate")}
        </Button>
      </div>
      {previousSecretExpiresAt && (
        <p className="text-slate-600">{t("rotating", { time: format.dateTime(previousSecretExpiresAt) })}</p>
      )}
      {(reveal.error ?? rotate.error) && <ErrorText error={reveal.error ?? rotate.error} className="text-red-700" />}
    </div>
  );
}
