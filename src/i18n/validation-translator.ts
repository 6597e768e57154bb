import { createTranslator } from "use-intl/core";
import type { Locale } from "@/i18n/locales";
import en from "@/i18n/messages/en/common.json";
import so from "@/i18n/messages/so/common.json";

/** A message lookup by key with ICU values: what zod issues are turned into text with. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const COMMON = { en, so } as const;

/** Validation texts in a language, for the field errors the portal's forms show beside inputs. */
export function validationTranslator(locale: Locale): Translate {
  return createTranslator({ locale, messages: { validation: COMMON[locale].validation }, namespace: "validation" }) as unknown as Translate;
}
