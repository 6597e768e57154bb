"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { RESULTS } from "@/components/format";
import { HISTORY_FILTER_KEYS } from "@/contracts/history-filters";

/** Filters live in the URL, so a filtered view can be bookmarked and exported as shown. */
export function HistoryFiltersForm({ errors }: { errors: Record<string, string> }) {
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
    <form key={params.toString()} onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start" aria-label="Filter verifications">
      <TextField label="Reference" name="reference" defaultValue={params.get("reference") ?? ""} placeholder="HV-20261122-…" maxLength={40} error={errors.reference} />
      <TextField
        label="National ID, last 4 digits"
        name="last4"
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        defaultValue={params.get("last4") ?? ""}
        error={errors.last4}
      />
      <SelectField label="Outcome" name="result" defaultValue={params.get("result") ?? ""}>
        <option value="">All outcomes</option>
        {Object.entries(RESULTS).map(([value, { label }]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Channel" name="channel" defaultValue={params.get("channel") ?? ""}>
        <option value="">All channels</option>
        <option value="api">API</option>
        <option value="portal">Portal</option>
        <option value="batch">Batch</option>
      </SelectField>
      <TextField label="From" name="from" type="date" defaultValue={params.get("from") ?? ""} error={errors.from} />
      <TextField label="To (inclusive)" name="to" type="date" defaultValue={params.get("to") ?? ""} />
      <div className="flex gap-2 lg:col-span-2 lg:self-end">
        <Button type="submit">Apply filters</Button>
        <Button variant="ghost" onClick={() => router.push(pathname)}>
          Clear
        </Button>
      </div>
    </form>
  );
}
