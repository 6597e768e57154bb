"use client";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { formatNumber } from "@/components/format";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/states";

/** REGISTRY_COLUMNS of the import service, which is server-only. */
const COLUMNS = "national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status";
/** Enough rejected lines to fix a file; the count says how many there are in all. */
const REJECTED_SHOWN = 200;

/** CSV upload: the browser reads the file as text; the server validates every row and reports. */
export function RegistryUpload() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation(
    trpc.admin.registry.importCsv.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.registry.count.queryKey() }),
    }),
  );

  return (
    <Card>
      <CardHeader title="Upload a CSV file" />
      <form
        className="flex flex-col gap-3 px-5 py-4"
        onSubmit={async (e) => {
          e.preventDefault();
          if (file) upload.mutate({ csv: await file.text() });
        }}
      >
        <p className="text-sm text-slate-600">
          Header row with the columns <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">{COLUMNS}</code>. Dates as
          YYYY-MM-DD; status is <code className="text-xs">active</code> or <code className="text-xs">revoked</code>.
        </p>
        <div>
          <label htmlFor="registry-csv" className="block text-sm font-medium text-slate-700">
            Registry CSV file
          </label>
          <input
            id="registry-csv"
            type="file"
            accept=".csv,text/csv"
            required
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              upload.reset();
            }}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-200"
          />
        </div>
        <div>
          <Button type="submit" disabled={!file} busy={upload.isPending}>
            Import records
          </Button>
        </div>
        {upload.isError && <ErrorState error={upload.error} />}
        {upload.data && <ImportReport report={upload.data} />}
      </form>
    </Card>
  );
}

function ImportReport({ report }: { report: { accepted: number; rejected: { line: number; reason: string }[] } }) {
  return (
    <section aria-label="Import report" className="rounded-md border border-slate-200">
      <p role="status" className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <strong className="text-emerald-700">{formatNumber(report.accepted)} accepted</strong>
        {" · "}
        <strong className={report.rejected.length > 0 ? "text-red-700" : "text-slate-600"}>
          {formatNumber(report.rejected.length)} rejected
        </strong>
      </p>
      {report.rejected.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rejected lines</caption>
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="w-20 px-3 py-2 font-medium">Line</th>
              <th scope="col" className="px-3 py-2 font-medium">Reason</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.rejected.slice(0, REJECTED_SHOWN).map((r) => (
              <tr key={r.line}>
                <td className="px-3 py-2 tabular-nums">{r.line}</td>
                <td className="px-3 py-2">{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.rejected.length > REJECTED_SHOWN && (
        <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-500">
          Showing the first {REJECTED_SHOWN} of {formatNumber(report.rejected.length)} rejected lines.
        </p>
      )}
    </section>
  );
}
