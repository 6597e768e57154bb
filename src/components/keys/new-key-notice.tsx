"use client";
import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";
import { Notice } from "@/components/ui/states";

/** The full key, shown exactly once after creating or rolling. */
export function NewKeyNotice({ apiKey }: { apiKey: string }) {
  const t = useTranslations("keys.newKey");
  return (
    <div className="space-y-3">
      <Notice tone="warning">
        {t("warning")}
      </Notice>
      <div className="flex items-center gap-2 rounded-md bg-slate-100 p-2">
        <code className="min-w-0 flex-1 break-all text-xs text-slate-900" data-testid="new-api-key">
          {apiKey}
        </code>
        <CopyButton text={apiKey} label={t("copy")} />
      </div>
    </div>
  );
}
