"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { formatDateTime, formatNumber } from "@/components/format";

/** The result of checking every chain (and the last checkpoint), shown above the log. */
export function ChainStatus() {
  const trpc = useTRPC();
  const chain = useQuery({ ...trpc.admin.audit.verifyChain.queryOptions(), staleTime: 0 });
  const box = "mb-6 flex items-center justify-between gap-4 rounded-lg border px-4 py-3 text-sm";

  if (chain.isPending) {
    return (
      <p role="status" className={`${box} border-slate-200 bg-white text-slate-600`}>
        Verifying the audit chain…
      </p>
    );
  }
  if (chain.isError) {
    return (
      <p role="alert" className={`${box} border-red-200 bg-red-50 text-red-800`}>
        Could not verify the audit chain: {chain.error.message}
      </p>
    );
  }
  const result = chain.data;
  return (
    <div role="status" aria-label="Audit chain status" className={`${box} ${result.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}>
      <span>
        {result.ok ? (
          <>
            <strong>Chain OK.</strong> All {formatNumber(result.entries)} entries in {formatNumber(result.chains)} chains verified
            {result.checkpoint ? `, up to checkpoint #${result.checkpoint.seq} of ${formatDateTime(result.checkpoint.createdAt)}.` : "."}
          </>
        ) : (
          <>
            <strong>Chain broken</strong> ({result.chain}{result.firstBadId ? `, entry id ${result.firstBadId}` : ""}): {result.reason} ({formatNumber(result.entries)}{" "}
            entries checked)
          </>
        )}
      </span>
      <button
        type="button"
        onClick={() => chain.refetch()}
        disabled={chain.isFetching}
        className="rounded-md border border-current px-3 py-1 text-xs font-medium disabled:opacity-50"
      >
        {chain.isFetching ? "Verifying…" : "Verify again"}
      </button>
    </div>
  );
}
