/**
 * The message namespaces: each is a pair of files, messages/en/<name>.json and
 * messages/so/<name>.json, merged into one messages object keyed by namespace. A new area of the
 * product adds its two files and one line here.
 */
export const NAMESPACES = [
  "common",
  "auth",
  "overview",
  "verify",
  "history",
  "keys",
  "webhooks",
  "credits",
  "team",
  "live-access",
  "data-protection",
  "request-log",
  "admin",
  "account",
  "landing",
  "docs",
  "email",
  "password-reset",
  "dev-mail",
] as const;

export type Namespace = (typeof NAMESPACES)[number];
