"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Check } from "lucide-react";
import type { GettingStarted as Progress } from "@/contracts/getting-started";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { cn } from "@/components/ui/cn";
import { useTRPC } from "@/trpc/client";

/** In the order a business goes live, each with the page where it is done. */
const STEPS: { step: keyof Progress; href: string }[] = [
  { step: "keyCreated", href: "/keys" },
  { step: "firstCall", href: "/docs" },
  { step: "webhookVerified", href: "/webhooks" },
  { step: "liveAccessApplied", href: "/live-access" },
  { step: "firstLiveCall", href: "/docs/guide" },
];

/** Ticks itself from what the business has done; gone once every step is done. */
export function GettingStarted() {
  const t = useTranslations("overview.gettingStarted");
  const trpc = useTRPC();
  const progress = useQuery(trpc.business.gettingStarted.queryOptions());
  if (progress.data && STEPS.every(({ step }) => progress.data[step])) return null;
  const done = progress.data ? STEPS.filter(({ step }) => progress.data[step]).length : 0;
  return (
    <Card aria-label={t("title")}>
      <CardHeader title={t("title")} description={t("progress", { done, total: STEPS.length })} />
      {progress.isPending && <Loading label={t("loading")} />}
      {progress.error && <ErrorState error={progress.error} />}
      {progress.data && (
        <ol className="divide-y divide-slate-100">
          {STEPS.map(({ step, href }, i) => {
            const ticked = progress.data[step];
            return (
              <li key={step} className="flex items-start gap-3 px-5 py-3" data-done={ticked}>
                <span
                  aria-hidden
                  className={cn(
                    "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                    ticked ? "bg-emerald-700 text-white" : "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
                  )}
                >
                  {ticked ? <Check className="size-4" strokeWidth={3} /> : i + 1}
                </span>
                <div className="min-w-0">
                  <p className={cn("text-sm font-medium", ticked ? "text-slate-600 line-through" : "text-slate-900")}>
                    {t(`steps.${step}.title`)}
                    <span className="sr-only"> {ticked ? t("doneLabel") : t("todoLabel")}</span>
                  </p>
                  {!ticked && (
                    <p className="text-sm text-slate-600">
                      {t(`steps.${step}.body`)}{" "}
                      <Link href={href} className="font-medium text-blue-800 underline-offset-2 hover:underline">
                        {t(`steps.${step}.link`)}
                      </Link>
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
