"use client";
import { useState } from "react";
import { useSubmission } from "@/trpc/use-submission";
import { useTRPC } from "@/trpc/client";
import { EVENT_TYPES } from "@/contracts/events";
import { Button } from "@/components/ui/button";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

/** Test events are sent on request whatever is chosen here. */
const SELECTABLE = EVENT_TYPES.filter((t) => t !== "webhook_test");

/** Which events the endpoint receives: none ticked means every type, including future ones. */
export function EventTypesForm({ current, canEdit }: { current: string[]; canEdit: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [chosen, setChosen] = useState<string[]>(current);
  const save = useSubmission(trpc.webhooks.setEventTypes.mutationOptions({ onSuccess: invalidate }));
  const toggle = (type: string, on: boolean) => setChosen((c) => (on ? [...c, type] : c.filter((t) => t !== type)));
  return (
    <form
      aria-label="Event types"
      className="mt-5 space-y-3 border-t border-slate-200 pt-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.submit({ eventTypes: chosen as (typeof SELECTABLE)[number][] });
      }}
    >
      <fieldset disabled={!canEdit}>
        <legend className="font-medium text-slate-900">Event types</legend>
        <p className="text-slate-600">{chosen.length === 0 ? "Every event type is sent (tick some to receive only those)." : `Only the ${chosen.length} ticked types are sent.`}</p>
        <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
          {SELECTABLE.map((type) => (
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
            Save event types
          </Button>
          {save.isSuccess && <p role="status" className="text-emerald-700">Saved: applies from the next event.</p>}
          {save.error && <p role="alert" className="text-red-700">{save.error.message}</p>}
        </div>
      )}
    </form>
  );
}
