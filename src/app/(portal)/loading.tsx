import { getTranslations } from "next-intl/server";
import { Loading } from "@/components/ui/states";

export default async function PortalLoading() {
  const t = await getTranslations("common.states");
  return <Loading label={t("loadingPage")} />;
}
