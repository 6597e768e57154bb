"use client";
/**
 * Asks before a high-risk action (product rules §22), one question after another: the action runs
 * only when every step is confirmed. Cancel (or Escape) at any step runs nothing.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

/**
 * `destructive`: the confirm button is the solid red one (deleting, suspending); otherwise the
 * page's primary blue. `cancelLabel` replaces "Cancel" where the action itself is a cancellation
 * ("Cancel batch"), so that the two buttons cannot be taken for one another.
 */
export type Confirmation = { title: string; message: React.ReactNode; confirmLabel: string; destructive?: boolean; cancelLabel?: string };

export function useConfirmations() {
  const t = useTranslations("common.actions");
  const [pending, setPending] = useState<{ steps: Confirmation[]; step: number; run: () => void } | null>(null);
  const ask = (steps: Confirmation[], run: () => void) => (steps.length ? setPending({ steps, step: 0, run }) : run());
  const current = pending?.steps[pending.step];
  const dialog = (
    <Dialog open={Boolean(current)} onClose={() => setPending(null)} title={current?.title ?? ""}>
      {current && pending && (
        <div className="space-y-4">
          <div className="text-sm text-slate-700">{current.message}</div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setPending(null)}>
              {current.cancelLabel ?? t("cancel")}
            </Button>
            <Button
              variant={current.destructive ? "dangerSolid" : "primary"}
              autoFocus
              onClick={() => {
                if (pending.step + 1 < pending.steps.length) return setPending({ ...pending, step: pending.step + 1 });
                setPending(null);
                pending.run();
              }}
            >
              {current.confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
  return { ask, dialog };
}
