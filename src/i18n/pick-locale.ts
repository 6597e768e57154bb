import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/** The cookie a language choice is kept in, for visitors who are not signed in (next-intl's name). */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/**
 * The language a page is shown in: a signed-in user's saved choice, else the choice made on this
 * browser (cookie), else the browser's preferred languages: Somali if it prefers Somali to English.
 */
export function pickLocale({ saved, cookie, acceptLanguage }: { saved?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(saved)) return saved;
  if (isLocale(cookie)) return cookie;
  return fromAcceptLanguage(acceptLanguage ?? "");
}

function fromAcceptLanguage(header: string): Locale {
  const preferred = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { language: tag.split("-")[0]!.toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((p) => p.q > 0 && isLocale(p.language))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (preferred[0]?.language as Locale | undefined) ?? DEFAULT_LOCALE;
}
