"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { Batch } from "@/contracts/batches";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, ErrorText, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { formatDateTime } from "@/components/format";
import { useTRPC } from "@/trpc/client";
import { newSubmissionId, useSubmission } from "@/trpc/use-submission";

const LIMIT = 20;
const ENDED = new Set(["completed", "cancelled", "failed"]);
const STATUS_TONE: Record<Batch["status"], BadgeTone> = {
  queued: "neutral",
  processing: "warning",
  completed: "success",
  cancelled: "neutral",
  failed: "danger",
};

type UploadError = { message: string; errors?: { field: string; message: string }[] };

/** Uploads a CSV: the file streams to /batches/upload (not through tRPC); a retry reuses the submission token. */
function UploadCard({ onUploaded }: { onUploaded: () => void }) {
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
      const body = await res.json();
      if (!res.ok) {
        setError(body as UploadError);
        return;
      }
      token.current = null;
      if (input.current) input.current.value = "";
      onUploaded();
    } catch {
      setError({ message: "The upload did not reach Hubi. Check your connection and try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Upload a CSV"
        description="A header row, then one national ID per row. Columns: nationalId (required), purpose, fullName and dateOfBirth (to match), consentObtainedAt, consentMethod, consentReference. Up to 1,000,000 rows."
      />
      <CardBody>
        <form onSubmit={upload} className="flex flex-wrap items-center gap-3">
          <label className="text-sm font-medium text-slate-700">
            CSV file
            <input ref={input} type="file" name="file" accept=".csv,text/csv" required className="ml-3 text-sm" />
          </label>
          <Button type="submit" busy={busy}>
            Upload and verify
          </Button>
        </form>
        {error && (
          <div role="alert" className="mt-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            <p>{error.message}</p>
            {error.errors && (
              <ul className="mt-1 list-disc pl-5">
                {error.errors.map((e) => (
                  <li key={`${e.field}:${e.message}`}>{`${e.field}: ${e.message}`}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function Progress({ batch }: { batch: Batch }) {
  const percent = batch.totalRows === 0 ? 100 : Math.floor((batch.processedRows / batch.totalRows) * 100);
  return (
    <div className="min-w-40">
      <div
        role="progressbar"
        aria-label={`Batch ${batch.id} progress`}
        aria-valuemin={0}
        aria-valuemax={batch.totalRows}
        aria-valuenow={batch.processedRows}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-800 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">{`${batch.processedRows.toLocaleString("en")} of ${batch.totalRows.toLocaleString("en")} rows`}</p>
    </div>
  );
}

function Counts({ counts }: { counts: Batch["counts"] }) {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  if (entries.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <ul className="text-xs text-slate-700">
      {entries.map(([name, n]) => (
        <li key={name}>{`${name.replace("_", " ")}: ${n.toLocaleString("en")}`}</li>
      ))}
    </ul>
  );
}

function CancelButton({ id, onDone }: { id: string; onDone: () => void }) {
  const trpc = useTRPC();
  const cancel = useSubmission(trpc.batches.cancel.mutationOptions({ onSuccess: onDone }));
  return (
    <>
      <Button variant="secondary" size="sm" busy={cancel.isPending} onClick={() => cancel.submit({ id })}>
        Cancel
      </Button>
      {cancel.error && <ErrorText error={cancel.error} className="text-xs text-red-700" />}
    </>
  );
}

/** The Batches page: upload, then each batch's live progress, counts, results download and cancel. */
export function BatchesView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.batches.list.queryOptions({ page, limit: LIMIT }),
    // While a batch runs, its progress bar follows it.
    refetchInterval: (query) => (query.state.data?.data.some((b) => !ENDED.has(b.status)) ? 1_000 : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() });

  return (
    <div className="space-y-6">
      <UploadCard onUploaded={refresh} />
      <Card>
        <CardHeader title="Batches" description="Newest first. Results are ready to download once a batch has ended." />
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} />
        ) : list.data.data.length === 0 ? (
          <Empty title="No batches yet">Upload a CSV to verify many national IDs at once.</Empty>
        ) : (
          <>
            <Table caption="Batches">
              <thead>
                <tr>
                  <Th>Created</Th>
                  <Th>Status</Th>
                  <Th>Progress</Th>
                  <Th>Counts</Th>
                  <Th>Credits</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <Tbody>
                {list.data.data.map((batch) => (
                  <tr key={batch.id} data-batch-id={batch.id}>
                    <Td>{formatDateTime(batch.createdAt)}</Td>
                    <Td>
                      <Badge tone={STATUS_TONE[batch.status]}>{batch.status}</Badge>
                    </Td>
                    <Td>
                      <Progress batch={batch} />
                    </Td>
                    <Td>
                      <Counts counts={batch.counts} />
                    </Td>
                    <Td>{batch.creditsUsed.toLocaleString("en")}</Td>
                    <Td className="space-x-2 whitespace-nowrap">
                      {ENDED.has(batch.status) ? (
                        <a href={`/batches/${batch.id}/results`} download className="text-sm font-medium text-blue-800 hover:underline">
                          Download results
                        </a>
                      ) : (
                        <CancelButton id={batch.id} onDone={refresh} />
                      )}
                    </Td>
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
