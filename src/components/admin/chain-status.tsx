"use client";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { useErrorMessage } from "@/components/i18n/error-message";

const bold = (chunks: React.ReactNode) => <strong>{chunks}</strong>;

/** The result of checking every chain (and the last checkpoint), shown above the log. */
export function ChainStatus() {
  const t = useTranslations("admin.audit");
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const trpc = useTRPC();
  const chain = useQuery({ ...trpc.admin.audit.verifyChain.queryOptions(), staleTime: 0 });
  const box = "mb-6 flex items-center justify-between gap-4 rounded-lg border px-4 py-3 text-sm";

  if (chain.isPending) {
    return (
      <p role="status" className={`${box} border-slate-200 bg-white text-slate-600`}>
        {t("verifying")}
      </p>
    );
  }
  if (chain.isError) {
    return (
      <p role="alert" className={`${box} border-red-200 bg-red-50 text-red-800`}>
        {t("verifyFailed", { error: errorMessage(chain.error) })}
      </p>
    );
  }
  const result = chain.data;
  return (
    <div role="status" aria-label={t("chainStatus")} className={`${box} ${result.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}>
      <span>
        {result.ok
          ? result.checkpoint
            ? t.rich("chainOkCheckpoint", { b: bold, entries: result.entries, chains: result.chains, seq: result.checkpoint.seq, time: format.dateTime(result.checkpoint.createdAt) })
            : t.rich("chainOk", { b: bold, entries: result.entries, chains: result.chains })
          : // The reason is the checker's own diagnosis, for the engineer who investigates.
            t.rich(result.firstBadId ? "chainBrokenAt" : "chainBroken", { b: bold, chain: result.chain, entryId: result.firstBadId ?? "", reason: result.reason, entries: result.entries })}
      </span>
      <button
        type="button"
        onClick={() => chain.refetch()}
        disabled={chain.isFetching}
        className="rounded-md border border-current px-3 py-1 text-xs font-medium disabled:opacity-50"
      >
        {chain.isFetching ? t("verifyingShort") : t("verifyAgain")}
      </button>
    </div>
  );
}
