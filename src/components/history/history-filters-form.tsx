"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { RESULTS } from "@/components/format";
import { HISTORY_FILTER_KEYS } from "@/contracts/history-filters";

/** Filters live in the URL, so a filtered view can be bookmarked and exported as shown. */
export function HistoryFiltersForm({ errors }: { errors: Record<string, string> }) {
  const t = useTranslations("history.filters");
  const results = useTranslations("common.results");
  const channels = useTranslations("history.channels");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of HISTORY_FILTER_KEYS) {
      const value = String(form.get(key) ?? "");
      if (value) next.set(key, value);
    }
    router.push(`${pathname}?${next}`);
  }

  return (
    // Keyed by the URL's filters: the fields show them again after Clear, Back or a bookmark.
    <form key={params.toString()} onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start" aria-label={t("label")}>
      <TextField label={t("reference")} name="reference" defaultValue={params.get("reference") ?? ""} placeholder="HV-20261122-…" maxLength={40} error={errors.reference} />
      <TextField
        label={t("last4")}
        name="last4"
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        defaultValue={params.get("last4") ?? ""}
        error={errors.last4}
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
      <TextField label={t("from")} name="from" type="date" defaultValue={params.get("from") ?? ""} error={errors.from} />
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
