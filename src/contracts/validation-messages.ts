/**
 * Human validation messages wherever a schema gives none of its own: zod's defaults read like a
 * type checker's ("Too big: expected string to have <=80 characters"). Installed once per process
 * (server and browser) by importing this module; a schema's own message always wins.
 */
import { z } from "zod";

const number = new Intl.NumberFormat("en-GB");
const amount = (n: number | bigint) => number.format(n);
const plural = (n: number | bigint, word: string) => `${amount(n)} ${word}${n === 1 || n === 1n ? "" : "s"}`;

const FORMATS: Record<string, string> = {
  email: "Enter a valid email address",
  url: "Enter a valid URL, starting with https://",
  uuid: "Must be a valid id",
  date: "Enter a date as YYYY-MM-DD",
  datetime: "Enter a date and time, e.g. 2026-11-22T09:30:00Z",
};

export function humanMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "too_big":
      if (issue.origin === "string") return `Must be at most ${plural(issue.maximum, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return `At most ${plural(issue.maximum, "item")}`;
      return `Must be at most ${amount(issue.maximum)}`;
    case "too_small":
      if (issue.origin === "string") return issue.minimum === 1 ? "Required" : `Must be at least ${plural(issue.minimum, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return `At least ${plural(issue.minimum, "item")}`;
      return `Must be at least ${amount(issue.minimum)}`;
    case "invalid_type":
      if (issue.input === undefined) return "Required";
      if (issue.expected === "int") return "Must be a whole number";
      return `Must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
    case "invalid_format":
      return FORMATS[issue.format] ?? "Has the wrong format";
    case "invalid_value":
      return `Must be one of: ${issue.values.map(String).join(", ")}`;
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}`;
    case "not_multiple_of":
      return `Must be a multiple of ${amount(issue.divisor)}`;
    default:
      return undefined;
  }
}

z.config({ customError: humanMessage });
