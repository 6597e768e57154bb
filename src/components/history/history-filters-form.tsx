"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { RESULTS } from "@/components/format";
import { HISTORY_FILTER_KEYS, historyFiltersFromSearchParams } from "@/contracts/history-filters";
import { localizeIssue } from "@/contracts/validation-messages";
import type { Translate } from "@/i18n/validation-translator";

/** Field errors of filters that do not parse, keyed by filter; empty when they do. */
export function filterErrors(params: URLSearchParams, t: Translate): Record<string, string> {
  const parsed = historyFiltersFromSearchParams(params);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "from"), localizeIssue(i, t)]));
}

/**
 * Filters live in the URL, so a filtered view can be bookmarked and exported as shown. Filters
 * that do not parse stay in the form with their errors, and the table keeps what it showed.
 */
export function HistoryFiltersForm({ errors }: { errors: Record<string, string> }) {
  const t = useTranslations("history.filters");
  const results = useTranslations("common.results");
  const channels = useTranslations("history.channels");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const validation = useTranslations("common.validation");
  const [rejected, setRejected] = useState<{ from: string; errors: Record<string, string> } | null>(null);
  const shownErrors = rejected?.from === params.toString() ? rejected.errors : errors;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of HISTORY_FILTER_KEYS) {
      const value = String(form.get(key) ?? "");
      if (value) next.set(key, value);
    }
    const invalid = filterErrors(next, validation as Translate);
    if (Object.keys(invalid).length > 0) return setRejected({ from: params.toString(), errors: invalid });
    setRejected(null);
    router.push(`${pathname}?${next}`);
  }

  return (
    // Keyed by the URL's filters: the fields show them again after Clear, Back or a bookmark.
    <form key={params.toString()} onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start" aria-label={t("label")}>
      <TextField label={t("reference")} name="reference" defaultValue={params.get("reference") ?? ""} placeholder="HV-20261122-…" maxLength={40} error={shownErrors.reference} />
      <TextField
        label={t("last4")}
        name="last4"
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        defaultValue={params.get("last4") ?? ""}
        error={shownErrors.last4}
      />
      <SelectField label={t("outcome")} name="result" defaultValue={params.get("result") ?? ""}>
        <option value="">{t("allOutcomes")}</option>
        {Object.keys(RESULTS).map((value) => (
          <option key={value} value={value}>
            {results(value)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("channel")} name="channel" defaultValue={params.get("channel") ?? ""}>
        <option value="">{t("allChannels")}</option>
        <option value="api">{channels("api")}</option>
        <option value="portal">{channels("portal")}</option>
        <option value="batch">{channels("batch")}</option>
      </SelectField>
      <TextField label={t("from")} name="from" type="date" defaultValue={params.get("from") ?? ""} error={shownErrors.from} />
      <TextField label={t("to")} name="to" type="date" defaultValue={params.get("to") ?? ""} />
      <div className="flex gap-2 lg:col-span-2 lg:self-end">
        <Button type="submit">{t("apply")}</Button>
        <Button variant="ghost" onClick={() => router.push(pathname)}>
          {t("clear")}
        </Button>
      </div>
    </form>
  );
}
