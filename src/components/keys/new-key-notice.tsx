"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Notice } from "@/components/ui/states";

/**
 * The full key, shown exactly once after creating or rolling. It takes the focus: the form that
 * made it is gone, and a keyboard or screen-reader user lands on what was created, not the page.
 */
export function NewKeyNotice({ apiKey }: { apiKey: string }) {
  const t = useTranslations("keys.newKey");
  const keyRef = useRef<HTMLElement>(null);
  useEffect(() => keyRef.current?.focus(), []);
  return (
    <div className="space-y-3">
      <Notice tone="warning">
        {t("warning")}
      </Notice>
      <div className="flex items-center gap-2 rounded-md bg-slate-100 p-2">
        <code ref={keyRef} tabIndex={-1} className="min-w-0 flex-1 break-all text-xs text-slate-900 focus:outline-2 focus:outline-blue-800" data-testid="new-api-key">
          {apiKey}
        </code>
        <CopyButton text={apiKey} label={t("copy")} />
      </div>
    </div>
  );
}
