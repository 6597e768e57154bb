import type { Locale } from "./locales";
import { NAMESPACES, type Namespace } from "./namespaces";

export type Messages = Record<Namespace, Record<string, unknown>>;

/** All of a language's namespaces as one messages object ({ common: {...}, keys: {...}, ... }). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const entries = await Promise.all(
    NAMESPACES.map(async (namespace) => [namespace, (await import(`./messages/${locale}/${namespace}.json`)).default] as const),
  );
  return Object.fromEntries(entries) as Messages;
}
