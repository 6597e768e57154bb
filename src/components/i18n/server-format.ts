import { getFormatter, getTranslations } from "next-intl/server";
import { portalFormat, type PortalFormat } from "./format";

/** useFormat for server components. */
export async function getFormat(): Promise<PortalFormat> {
  const [format, t] = await Promise.all([getFormatter(), getTranslations("common.time")]);
  return portalFormat(format, t as Parameters<typeof portalFormat>[1]);
}
