"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";

/** Shown when a portal page fails to render; the shell around it stays usable. */
export default function PortalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common.pageError");
  return (
    <Card role="alert">
      <CardBody>
        <h1 className="text-lg font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {error.digest ? t("bodyWithDigest", { digest: error.digest }) : t("body")}
        </p>
        <Button className="mt-4" onClick={reset}>
          {t("retry")}
        </Button>
      </CardBody>
    </Card>
  );
}
