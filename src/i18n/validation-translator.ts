import { createTranslator } from "use-intl/core";
import type { Translate } from "@/contracts/validation-messages";
import type { Locale } from "@/i18n/locales";
import en from "@/i18n/messages/en/common.json";
import so from "@/i18n/messages/so/common.json";

const COMMON = { en, so } as const;

/** Validation texts in a language, for the field errors the portal's forms show beside inputs. */
export function validationTranslator(locale: Locale): Translate {
  return createTranslator({ locale, messages: { validation: COMMON[locale].validation }, namespace: "validation" }) as unknown as Translate;
}
