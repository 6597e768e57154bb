"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

/** An owner's redaction of one verification, after saying plainly what goes and what stays. */
export function RedactButton({ id, reference }: { id: string; reference: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const redact = useMutation(
    trpc.verifications.redact.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        router.refresh();
      },
    }),
  );
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} className="print:hidden">
        Redact
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Redact this verification?">
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            The purpose, the consent reference and every trace of the national ID are erased from <strong>{reference}</strong>, including
            Hubi&apos;s copies in logs and webhook events. The reference, outcome and date stay, so your records still add up. This cannot
            be undone; a <code>verification_redacted</code> event tells your systems to delete their copies too.
          </p>
          {redact.error && <ErrorState error={redact.error} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={redact.isPending} onClick={() => redact.mutate({ id })}>
              Redact verification
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
