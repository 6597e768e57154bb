"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { ModeBadge } from "./badges";

const PAGE_LIMIT = 25;
const FILTERS = ["action", "businessId", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** Date inputs give days; `to` is inclusive for the reader, so the query ends the day after. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

export function AuditLog() {
  const t = useTranslations("admin.audit");
  const format = useFormat();
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ""])) as Filters;
  const page = Math.max(1, Number(params.get("page")) || 1);

  const entries = useQuery({
    ...trpc.admin.audit.list.queryOptions({
      action: filters.action || undefined,
      businessId: filters.businessId || undefined,
      from: filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined,
      to: filters.to ? dayAfter(filters.to) : undefined,
      page,
      limit: PAGE_LIMIT,
    }),
    placeholderData: keepPreviousData,
  });

  const navigate = (next: Partial<Filters> & { page?: number }) => {
    const search = new URLSearchParams();
    const merged = { ...filters, ...next };
    for (const f of FILTERS) if (merged[f]) search.set(f, merged[f]);
    if (next.page && next.page > 1) search.set("page", String(next.page));
    router.replace(`${pathname}?${search.toString()}`);
  };

  const input = "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";
  return (
    <>
      <form
        aria-label={t("filters")}
        key={params.toString()}
        className="mb-4 grid items-end gap-3 md:grid-cols-5"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          navigate(Object.fromEntries(FILTERS.map((f) => [f, String(data.get(f) ?? "").trim()])) as Filters);
        }}
      >
        <div>
          <label htmlFor="audit-filter-action" className="text-sm font-medium text-slate-700">
            {t("action")}
          </label>
          <input id="audit-filter-action" name="action" defaultValue={filters.action} placeholder={t("actionPlaceholder")} className={input} />
        </div>
        <div>
          <label htmlFor="audit-filter-businessId" className="text-sm font-medium text-slate-700">
            {t("businessId")}
          </label>
          <input id="audit-filter-businessId" name="businessId" defaultValue={filters.businessId} placeholder={t("businessIdPlaceholder")} className={`${input} font-mono`} />
        </div>
        <div>
          <label htmlFor="audit-filter-from" className="text-sm font-medium text-slate-700">
            {t("from")}
          </label>
          <input id="audit-filter-from" name="from" type="date" defaultValue={filters.from} className={input} />
        </div>
        <div>
          <label htmlFor="audit-filter-to" className="text-sm font-medium text-slate-700">
            {t("to")}
          </label>
          <input id="audit-filter-to" name="to" type="date" defaultValue={filters.to} className={input} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">{t("filter")}</Button>
          <Button variant="ghost" onClick={() => router.replace(pathname)}>
            {t("clear")}
          </Button>
        </div>
      </form>
      <Card>
        {entries.isPending ? (
          <Loading />
        ) : entries.isError ? (
          <ErrorState error={entries.error} />
        ) : entries.data.items.length === 0 ? (
          <Empty title={t("none")} />
        ) : (
          <>
            <Table caption={t("caption")}>
              <thead>
                <tr>
                  <Th>
                    <abbr title={t("numbering")}>#</abbr>
                  </Th>
                  <Th>{t("time")}</Th>
                  <Th>{t("action")}</Th>
                  <Th>{t("actor")}</Th>
                  <Th>{t("business")}</Th>
                  <Th>{t("details")}</Th>
                </tr>
              </thead>
              <Tbody>
                {entries.data.items.map((e) => (
                  <tr key={e.id}>
                    <Td className="align-top tabular-nums text-slate-500">
                      {e.chainSeq}
                      {!e.businessId && <span className="block text-xs text-slate-600">{e.chain}</span>}
                    </Td>
                    <Td className="align-top text-slate-600">{format.dateTime(e.createdAt)}</Td>
                    <Td className="align-top">
                      <span className="font-mono text-xs">{e.action}</span>
                      {e.mode && (
                        <span className="ml-2">
                          <ModeBadge mode={e.mode} />
                        </span>
                      )}
                    </Td>
                    <Td className="align-top text-slate-600">
                      {e.actorName ?? e.actorType}
                      <span className="block text-xs text-slate-600">{e.actorName ? e.actorType : e.actorId}</span>
                    </Td>
                    <Td className="align-top">
                      {e.businessId ? (
                        <Link href={`/admin/businesses/${e.businessId}`} className="text-blue-800 hover:underline">
                          {e.businessName ?? `${e.businessId.slice(0, 8)}…`}
                        </Link>
                      ) : (
                        <span className="text-slate-600">—</span>
                      )}
                    </Td>
                    <Td className="align-top font-mono text-xs text-slate-600">
                      {/* Table cells do not wrap; details do, so the row stays readable. */}
                      <div className="w-72 whitespace-normal break-words">
                        {Object.entries(e.metadata)
                          .filter(([, v]) => v !== null && typeof v !== "object")
                          .map(([k, v]) => `${k}: ${String(v)}`)
                          .join(" · ")}
                      </div>
                    </Td>
                  </tr>
                ))}
              </Tbody>
            </Table>
            <Pagination page={page} limit={PAGE_LIMIT} total={entries.data.total} onPage={(p) => navigate({ page: p })} />
          </>
        )}
      </Card>
    </>
  );
}
