import { useTranslations } from "next-intl";
import { Button } from "./button";

export function Pagination({ page, limit, total, onPage }: { page: number; limit: number; total: number; onPage: (page: number) => void }) {
  const t = useTranslations("common");
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  return (
    <nav aria-label={t("pagination.label")} className="flex items-center justify-between border-t border-slate-200 px-5 py-3 text-sm text-slate-600">
      <p>
        {t("pagination.range", { from: first, to: Math.min(page * limit, total), total })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("actions.previous")}
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t("actions.next")}
        </Button>
      </div>
    </nav>
  );
}
