"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export function PrintButton() {
  const t = useTranslations("history.certificate");
  return (
    <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
      {t("print")}
    </Button>
  );
}
