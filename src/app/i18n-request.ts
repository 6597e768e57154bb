/**
 * next-intl without a locale in the URL: each request's language comes from the signed-in user's
 * saved choice, the NEXT_LOCALE cookie or the browser's Accept-Language (see pick-locale.ts).
 */
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { getPortalSession } from "@/server/auth/portal-session";
import { TIME_ZONE } from "../i18n/formats";
import { loadMessages } from "../i18n/load-messages";
import { LOCALE_COOKIE, pickLocale } from "../i18n/pick-locale";

export default getRequestConfig(async () => {
  const [session, jar, head] = await Promise.all([getPortalSession(), cookies(), headers()]);
  const locale = pickLocale({ saved: session?.user.locale, cookie: jar.get(LOCALE_COOKIE)?.value, acceptLanguage: head.get("accept-language") });
  return { locale, messages: await loadMessages(locale), timeZone: TIME_ZONE };
});
