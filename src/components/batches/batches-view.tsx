"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { BATCH_MAX_ROWS, type Batch } from "@/contracts/batches";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, ErrorText, Loading } from "@/components/ui/states";
import { ActionsTd, ActionsTh, Table, Tbody, Td, Th } from "@/components/ui/table";
import { RESULTS } from "@/components/format";
import { isErrorBody, useErrorMessage } from "@/components/i18n/error-message";
import { useFormat } from "@/components/i18n/format";
import { errorText } from "@/components/i18n/error-text";
import { usePortal } from "@/components/portal/portal-context";
import { mayDo } from "@/contracts/roles";
import { useTRPC } from "@/trpc/client";
import { BATCHES_PAGE_SIZE } from "@/components/portal/page-sizes";
import { newSubmissionId, useSubmission } from "@/trpc/use-submission";

const LIMIT = BATCHES_PAGE_SIZE;
const ENDED = new Set(["completed", "cancelled", "failed"]);
const STATUS_TONE: Record<Batch["status"], BadgeTone> = {
  queued: "neutral",
  processing: "warning",
  completed: "success",
  cancelled: "neutral",
  failed: "danger",
};

/** A refused upload: the route's error body, or what was thrown when no answer came. */
type UploadError = { failure: unknown };

/** The line a file error names ("line 3", or "file" for the whole file), in the reader's language. */
function useFileErrorPlace(): (field: string) => string {
  const t = useTranslations("batches.upload");
  return (field) => {
    const line = /^line (\d+)$/.exec(field)?.[1];
    if (line) return t("line", { line });
    return field === "file" ? t("wholeFile") : field;
  };
}

/** Why the upload was refused: a malformed file names the lines at fault (their reasons stay the API's English). */
function UploadErrorAlert({ failure }: UploadError) {
  const t = useTranslations("batches.upload");
  const locale = useLocale();
  const message = useErrorMessage();
  const place = useFileErrorPlace();
  const body = isErrorBody(failure) && failure.errors?.length ? failure : null;
  return (
    <div role="alert" className="mt-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
      <p>{body ? errorText(locale, () => t("malformed"), body.code, body.message) : message(failure)}</p>
      {body?.errors && (
        <ul className="mt-1 list-disc pl-5">
          {body.errors.map((e) => (
            <li key={`${e.field}:${e.message}`}>{`${place(e.field)}: ${e.message}`}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Uploads a CSV: the file streams to /batches/upload (not through tRPC); a retry reuses the submission token. */
function UploadCard({ onUploaded }: { onUploaded: () => void }) {
  const t = useTranslations("batches.upload");
  const input = useRef<HTMLInputElement>(null);
  const token = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UploadError | null>(null);

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    token.current ??= newSubmissionId();
    try {
      const res = await fetch(`/batches/upload?submission=${token.current}`, { method: "POST", headers: { "content-type": "text/csv" }, body: file });
      const body: unknown = await res.json();
      if (!res.ok) {
        setError({ failure: body });
        return;
      }
      token.current = null;
      if (input.current) input.current.value = "";
      onUploaded();
    } catch (failure) {
      setError({ failure });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title={t("title")} description={t("description", { maxRows: BATCH_MAX_ROWS })} />
      <CardBody>
        <form onSubmit={upload} className="flex flex-wrap items-center gap-3">
          <label className="text-sm font-medium text-slate-700">
            {t("file")}
            <input ref={input} type="file" name="file" accept=".csv,text/csv" required className="ml-3 text-sm" />
          </label>
          <Button type="submit" busy={busy}>
            {t("submit")}
          </Button>
        </form>
        {error && <UploadErrorAlert failure={error.failure} />}
      </CardBody>
    </Card>
  );
}

function Progress({ batch }: { batch: Batch }) {
  const t = useTranslations("batches");
  const percent = batch.totalRows === 0 ? 100 : Math.floor((batch.processedRows / batch.totalRows) * 100);
  return (
    <div className="min-w-40">
      <div
        role="progressbar"
        aria-label={t("progressLabel", { id: batch.id })}
        aria-valuemin={0}
        aria-valuemax={batch.totalRows}
        aria-valuenow={batch.processedRows}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-800 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{t("progress", { processed: batch.processedRows, total: batch.totalRows })}</p>
    </div>
  );
}

/** Each outcome with rows, by name: a verification result's name is the one the history shows. */
function Counts({ counts }: { counts: Batch["counts"] }) {
  const t = useTranslations("batches");
  const results = useTranslations("common.results");
  const name = (outcome: string) => (outcome in RESULTS ? results(outcome) : t(`counts.${outcome}`));
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  if (entries.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="text-xs text-slate-700">
      {entries.map(([outcome, n]) => (
        <li key={outcome}>{t("count", { outcome: name(outcome), count: n })}</li>
      ))}
    </ul>
  );
}

/** Cancelling cannot be undone: it asks first, with the red confirmation of every destructive action. */
function CancelButton({ id, onDone }: { id: string; onDone: () => void }) {
  const t = useTranslations("batches");
  const trpc = useTRPC();
  const cancel = useSubmission(trpc.batches.cancel.mutationOptions({ onSuccess: onDone }));
  const { ask, dialog } = useConfirmations();
  const confirmCancel = () =>
    ask(
      [{ title: t("cancelDialog.title"), message: t("cancelDialog.message"), confirmLabel: t("cancelDialog.confirm"), cancelLabel: t("cancelDialog.keep"), destructive: true }],
      () => cancel.submit({ id }),
    );
  return (
    <>
      {dialog}
      <Button variant="secondary" size="sm" busy={cancel.isPending} onClick={confirmCancel}>
        {t("cancel")}
      </Button>
      {cancel.error && <ErrorText error={cancel.error} className="text-xs text-red-700" />}
    </>
  );
}

/** The Batches page: upload (for those who may verify), then each batch's live progress, counts, results download and cancel. */
export function BatchesView() {
  const t = useTranslations("batches");
  const format = useFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const mayUpload = mayDo(usePortal().role, "verify");
  const list = useQuery({
    ...trpc.batches.list.queryOptions({ page, limit: LIMIT }),
    // While a batch runs, its progress bar follows it.
    refetchInterval: (query) => (query.state.data?.data.some((b) => !ENDED.has(b.status)) ? 1_000 : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() });

  return (
    <div className="space-y-6">
      {mayUpload && <UploadCard onUploaded={refresh} />}
      <Card>
        <CardHeader title={t("list.title")} description={t("list.description")} />
        {list.isPending ? (
          <Loading label={t("list.loading")} />
        ) : list.isError ? (
          <ErrorState error={list.error} />
        ) : list.data.data.length === 0 ? (
          <Empty title={t("list.emptyTitle")}>{t("list.emptyBody")}</Empty>
        ) : (
          <>
            <Table caption={t("list.caption")}>
              <thead>
                <tr>
                  <Th>{t("columns.created")}</Th>
                  <Th>{t("columns.status")}</Th>
                  <Th>{t("columns.progress")}</Th>
                  <Th>{t("columns.counts")}</Th>
                  <Th>{t("columns.credits")}</Th>
                  <ActionsTh label={t("columns.actions")} />
                </tr>
              </thead>
              <Tbody>
                {list.data.data.map((batch) => (
                  <tr key={batch.id} data-batch-id={batch.id}>
                    <Td>{format.dateTime(batch.createdAt)}</Td>
                    <Td>
                      <Badge tone={STATUS_TONE[batch.status]}>{t(`status.${batch.status}`)}</Badge>
                    </Td>
                    <Td>
                      <Progress batch={batch} />
                    </Td>
                    <Td>
                      <Counts counts={batch.counts} />
                    </Td>
                    <Td>{format.number(batch.creditsUsed)}</Td>
                    <ActionsTd className="space-x-2">
                      {ENDED.has(batch.status) ? (
                        <a href={`/batches/${batch.id}/results`} download className="text-sm font-medium text-blue-800 hover:underline">
                          {t("download")}
                        </a>
                      ) : (
                        mayUpload && <CancelButton id={batch.id} onDone={refresh} />
                      )}
                    </ActionsTd>
                  </tr>
                ))}
              </Tbody>
            </Table>
            <Pagination page={page} limit={LIMIT} total={list.data.pagination.total} onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  );
}
