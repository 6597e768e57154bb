"use client";
import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { LOCALES, type Locale } from "@/i18n/locales";
import { LOCALE_COOKIE } from "@/i18n/pick-locale";
import { useTRPC } from "@/trpc/client";
import { Select } from "@/components/ui/select";

const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/**
 * Switches the portal's language. The choice is kept in this browser (cookie, for pages before
 * sign-in) and, for a signed-in user, saved with the account (it wins on any browser, and emails
 * use it).
 */
export function LanguageSwitcher({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations("common.language");
  const locale = useLocale();
  const router = useRouter();
  const trpc = useTRPC();
  const save = useMutation(trpc.account.setLocale.mutationOptions());

  async function choose(next: Locale) {
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${YEAR_IN_SECONDS}; samesite=lax`;
    if (signedIn) await save.mutateAsync({ locale: next });
    router.refresh();
  }

  return (
    <Select
      aria-label={t("label")}
      value={locale}
      disabled={save.isPending}
      onChange={(e) => void choose(e.target.value as Locale)}
      className="py-1 text-slate-800"
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {t(l)}
        </option>
      ))}
    </Select>
  );
}
