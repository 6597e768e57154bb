import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/format";

type Attempt = { attemptedAt: Date; statusCode: number | null; latencyMs: number; responseExcerpt: string | null; error: string | null };

/** One attempt as the receiver answered it: status (or error), latency and the response's first bytes. */
export function AttemptSummary({ attempt }: { attempt: Attempt }) {
  const t = useTranslations("webhooks.attempt");
  const time = useTranslations("common.time");
  const format = useFormat();
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <div className="space-y-1">
      <p>
        <span className={ok ? "font-medium text-green-700" : "font-medium text-red-700"}>
          {attempt.statusCode !== null ? t("http", { status: attempt.statusCode }) : t("noResponse")}
        </span>
        <span className="text-slate-500">
          {" "}
          · {time("milliseconds", { ms: attempt.latencyMs })} · {format.dateTime(attempt.attemptedAt)}
        </span>
      </p>
      {attempt.error && <p className="text-red-700">{attempt.error}</p>}
      {attempt.responseExcerpt && <pre className="max-h-32 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs">{attempt.responseExcerpt}</pre>}
    </div>
  );
}
