import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/app/(portal)/role-gate";
import { pageTitle } from "@/i18n/page-title";
import { VerifyForm } from "@/components/verify/verify-form";

export const generateMetadata = pageTitle("verify");

export default async function VerifyPage() {
  const t = await getTranslations("verify");
  return (
    <RoleGate action="verify">
      <PageHeader title={t("title")} description={t("description")} />
      <VerifyForm />
    </RoleGate>
  );
}
