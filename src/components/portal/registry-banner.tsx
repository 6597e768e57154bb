"use client";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";

/** Shown while the national registry is not answering in time (product rules §26); checked every 30 s. */
export function RegistryBanner() {
  const t = useTranslations("common.shell");
  const trpc = useTRPC();
  const health = useQuery({ ...trpc.business.registryHealth.queryOptions(), refetchInterval: 30_000 });
  if (health.data?.state !== "degraded") return null;
  return (
    <div role="status" className="bg-orange-100 px-4 py-2 text-center text-sm font-medium text-orange-900 print:hidden">
      {t("registryDegraded")}
    </div>
  );
}
