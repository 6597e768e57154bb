/** Previous/next paging with the position spelled out ("21–40 of 312"). */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const button = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm disabled:opacity-40 hover:bg-slate-50";
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
      <span>
        {first.toLocaleString("en")}–{last.toLocaleString("en")} of {total.toLocaleString("en")}
      </span>
      <span className="flex gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className={button} disabled={last >= total} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </span>
    </nav>
  );
}
