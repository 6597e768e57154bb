"use client";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/states";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { useSubmission } from "@/trpc/use-submission";

/** REGISTRY_COLUMNS of the import service, which is server-only. */
const COLUMNS = "national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status";
/** Enough rejected lines to fix a file; the count says how many there are in all. */
const REJECTED_SHOWN = 200;

/**
 * CSV upload in two steps: the file is checked first (rows to write, rejected lines, nothing
 * written), then imported into the production registry after a confirmation, once per submission.
 */
export function RegistryUpload() {
  const t = useTranslations("admin.registry");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const { ask, dialog } = useConfirmations();
  const preview = useMutation(trpc.admin.registry.previewCsv.mutationOptions());
  const upload = useSubmission(
    trpc.admin.registry.importCsv.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.registry.count.queryKey() }),
    }),
  );
  const checked = preview.data;
  const importFile = (csv: string, accepted: number) =>
    ask(
      [
        {
          title: t("confirmTitle", { count: accepted }),
          message: t("confirmMessage"),
          confirmLabel: t("confirm"),
        },
      ],
      () => upload.submit({ csv }),
    );

  return (
    <Card>
      <CardHeader title={t("upload")} />
      {dialog}
      <form
        className="flex flex-col gap-3 px-5 py-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (file && !preview.isPending) preview.mutate({ csv: file.csv });
        }}
      >
        <p className="text-sm text-slate-600">
          {t.rich("format", {
            columns: COLUMNS,
            code: (chunks) => <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-xs">{chunks}</code>,
          })}
        </p>
        <div>
          <label htmlFor="registry-csv" className="block text-sm font-medium text-slate-700">
            {t("file")}
          </label>
          <input
            id="registry-csv"
            type="file"
            accept=".csv,text/csv"
            onChange={async (e) => {
              const chosen = e.target.files?.[0];
              preview.reset();
              upload.reset();
              setFile(chosen ? { name: chosen.name, csv: await chosen.text() } : null);
            }}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-200"
          />
        </div>
        {!checked && (
          <div>
            <Button type="submit" disabled={!file} busy={preview.isPending}>
              {t("check")}
            </Button>
          </div>
        )}
        {preview.isError && <ErrorState error={preview.error} />}
        {checked && !upload.data && (
          <>
            <ImportReport title={t("checkReport")} report={checked} summary={t("toImport", { count: checked.accepted })} />
            <div className="flex gap-2">
              <Button disabled={checked.accepted === 0} busy={upload.isPending} onClick={() => file && importFile(file.csv, checked.accepted)}>
                {t("importButton", { count: checked.accepted })}
              </Button>
            </div>
          </>
        )}
        {upload.isError && <ErrorState error={upload.error} />}
        {upload.data && <ImportReport title={t("importReport")} report={upload.data} summary={t("imported", { count: upload.data.accepted })} />}
      </form>
    </Card>
  );
}

type Report = { accepted: number; rejected: { line: number; reason: string }[] };

function ImportReport({ title, report, summary }: { title: string; report: Report; summary: string }) {
  const t = useTranslations("admin.registry");
  return (
    <section aria-label={title} className="rounded-md border border-slate-200">
      <p role="status" className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <strong className="text-emerald-700">{summary}</strong>
        {" · "}
        <strong className={report.rejected.length > 0 ? "text-red-700" : "text-slate-600"}>
          {t("rejected", { count: report.rejected.length })}
        </strong>
      </p>
      {report.rejected.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("rejectedLines")}</caption>
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="w-20 px-3 py-2 font-medium">{t("line")}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t("reason")}</th>
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
          {t("showing", { shown: REJECTED_SHOWN, total: report.rejected.length })}
        </p>
      )}
    </section>
  );
}
