"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSubmission } from "@/trpc/use-submission";
import { useTRPC } from "@/trpc/client";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/states";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

export function EndpointForm({ current, canEdit }: { current: { url: string } | null; canEdit: boolean }) {
  const t = useTranslations("webhooks.form");
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [url, setUrl] = useState(current?.url ?? "");
  const save = useSubmission(trpc.webhooks.setUrl.mutationOptions({ onSuccess: invalidate }));
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.submit({ url });
      }}
    >
      <label className="flex min-w-80 flex-1 flex-col gap-1 text-sm">
        {t("url")}
        <input
          className="rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
          type="url"
          required
          placeholder="https://example.com/webhooks/hubi"
          value={url}
          disabled={!canEdit}
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      {canEdit && (
        <Button type="submit" busy={save.isPending}>
          {current ? t("save") : t("add")}
        </Button>
      )}
      {save.error && <ErrorText error={save.error} className="w-full text-sm text-red-700" />}
      {save.isSuccess && <p className="w-full text-sm text-green-700">{t("saved")}</p>}
    </form>
  );
}
