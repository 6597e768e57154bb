/**
 * Human validation messages wherever a schema gives none of its own: zod's defaults read like a
 * type checker's ("Too big: expected string to have <=80 characters"). Installed once per process
 * (server and browser) by importing this module; a schema's own message always wins.
 *
 * The wording lives in the message files (common.json, "validation"): the API speaks the English
 * one, the portal the reader's language (localizeIssue).
 */
import { createTranslator } from "use-intl/core";
import { z } from "zod";
import en from "@/i18n/messages/en/common.json";
import type { Translate } from "@/i18n/validation-translator";

type Described = { key: string; values?: Record<string, string | number> };

const FORMATS = new Set(["email", "url", "uuid", "date", "datetime"]);
const size = (n: number | bigint) => Number(n);
const isList = (origin: string) => origin === "array" || origin === "set";

/** Which message an issue gets, and its values; the same for every language. */
function describeIssue(issue: z.core.$ZodRawIssue | z.core.$ZodIssue): Described | undefined {
  switch (issue.code) {
    case "too_big": {
      if (issue.origin === "string") return { key: "tooLongText", values: { max: size(issue.maximum) } };
      return { key: isList(issue.origin) ? "tooManyItems" : "tooBig", values: { max: size(issue.maximum) } };
    }
    case "too_small": {
      if (issue.origin === "string") return issue.minimum === 1 ? { key: "required" } : { key: "tooShortText", values: { min: size(issue.minimum) } };
      return { key: isList(issue.origin) ? "tooFewItems" : "tooSmall", values: { min: size(issue.minimum) } };
    }
    case "invalid_type":
      if ("input" in issue && issue.input === undefined) return { key: "required" };
      return { key: "wrongType", values: { expected: issue.expected } };
    case "invalid_format":
      return { key: FORMATS.has(issue.format) ? `format.${issue.format}` : "format.other" };
    case "invalid_value":
      return { key: "oneOf", values: { values: issue.values.map(String).join(", ") } };
    case "unrecognized_keys":
      return { key: "unknownFields", values: { count: issue.keys.length, keys: issue.keys.join(", ") } };
    case "not_multiple_of":
      return { key: "multipleOf", values: { divisor: size(issue.divisor) } };
    default:
      return undefined;
  }
}

const english = createTranslator({ locale: "en", messages: { validation: en.validation }, namespace: "validation" }) as unknown as Translate;
const described = (d: Described | undefined, t: Translate) => (d ? t(d.key, d.values) : undefined);
const CUSTOM = Object.entries(en.validation.custom as Record<string, string>);

export function humanMessage(issue: z.core.$ZodRawIssue): string | undefined {
  return described(describeIssue(issue), english);
}

/**
 * The portal's text for a finished issue in the reader's language (`t` reads common.validation):
 * our default messages by their kind, a schema's own message when the message files know it, and
 * otherwise the schema's English text as it is.
 */
export function localizeIssue(issue: z.core.$ZodIssue, t: Translate): string {
  const custom = CUSTOM.find(([, text]) => text === issue.message)?.[0];
  if (custom) return t(`custom.${custom}`);
  if (issue.message === english("required")) return t("required");
  const d = describeIssue(issue);
  return d && described(d, english) === issue.message ? t(d.key, d.values) : issue.message;
}

z.config({ customError: humanMessage });
