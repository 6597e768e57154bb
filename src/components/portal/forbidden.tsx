import Link from "next/link";
import { useTranslations } from "next-intl";
import { Card, CardBody } from "@/components/ui/card";
import type { Role } from "@/generated/prisma/enums";

/** What a member sees on a page their role does not allow. The server refuses the data too. */
export function Forbidden({ need }: { need: Role }) {
  const t = useTranslations("common.forbidden");
  const roles = useTranslations("common.roles");
  return (
    <Card>
      <CardBody>
        <h1 className="text-lg font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("body", { role: roles(need) })}
        </p>
        <Link href="/overview" className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline">
          {t("back")}
        </Link>
      </CardBody>
    </Card>
  );
}
