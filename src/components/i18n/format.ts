import { useFormatter, useTranslations } from "next-intl";
import { portalFormat, type PortalFormat, type TimeTranslator } from "@/i18n/portal-format";

export { portalFormat, type PortalFormat };

export function useFormat(): PortalFormat {
  return portalFormat(useFormatter(), useTranslations("common.time") as TimeTranslator);
}
