import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Card, CardBody } from "@/components/ui/card";

export default async function CertificateNotFound() {
  const t = await getTranslations("history.certificate");
  return (
    <Card>
      <CardBody>
        <h1 className="text-lg font-semibold text-slate-900">{t("notFoundTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("notFoundBody")}
        </p>
        <Link href="/history" className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline">
          {t("backToHistory")}
        </Link>
      </CardBody>
    </Card>
  );
}
