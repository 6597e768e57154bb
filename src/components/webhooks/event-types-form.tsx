"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSubmission } from "@/trpc/use-submission";
import { useTRPC } from "@/trpc/client";
import { SELECTABLE_EVENT_TYPES } from "@/contracts/events";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/states";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

/** Which events the endpoint receives: none ticked means every type, including future ones. */
export function EventTypesForm({ current, canEdit }: { current: string[]; canEdit: boolean }) {
  const t = useTranslations("webhooks.eventTypes");
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  type Selectable = (typeof SELECTABLE_EVENT_TYPES)[number];
  const [chosen, setChosen] = useState(current as Selectable[]);
  const save = useSubmission(trpc.webhooks.setEventTypes.mutationOptions({ onSuccess: invalidate }));
  const toggle = (type: Selectable, on: boolean) => setChosen((c) => (on ? [...c, type] : c.filter((other) => other !== type)));
  return (
    <form
      aria-label={t("label")}
      className="mt-5 space-y-3 border-t border-slate-200 pt-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.submit({ eventTypes: chosen });
      }}
    >
      <fieldset disabled={!canEdit}>
        <legend className="font-medium text-slate-900">{t("label")}</legend>
        <p className="text-slate-600">{chosen.length === 0 ? t("all") : t("some", { count: chosen.length })}</p>
        <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
          {SELECTABLE_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2">
              <input type="checkbox" checked={chosen.includes(type)} onChange={(e) => toggle(type, e.target.checked)} className="size-4 rounded border-slate-300" />
              <code className="text-xs">{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      {canEdit && (
        <div className="flex items-center gap-3">
          <Button type="submit" variant="secondary" busy={save.isPending}>
            {t("save")}
          </Button>
          {save.isSuccess && <p role="status" className="text-emerald-700">{t("saved")}</p>}
          {save.error && <ErrorText error={save.error} className="text-red-700" />}
        </div>
      )}
    </form>
  );
}
