import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { Namespace } from "./namespaces";

/** A page's generateMetadata: its title from the message files, in the reader's language. */
export function pageTitle(namespace: Namespace, key = "title") {
  return async (): Promise<Metadata> => ({ title: (await getTranslations(namespace))(key) });
}
