/**
 * The message files of both languages stay in step: the same namespaces and keys, no empty text,
 * valid ICU messages, and the same placeholders (a Somali text that drops `{count}` would hide
 * the number from its readers).
 */
import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { loadMessages } from "./load-messages";
import { leaves } from "./message-leaves";
import { NAMESPACES } from "./namespaces";

const DIR = path.join(import.meta.dirname, "messages");

/** The placeholders a message uses, in its branches too. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if ("value" in e && typeof e.value === "string" && e.type !== TYPE.literal) into.add(e.value);
    if ("options" in e) for (const option of Object.values(e.options)) placeholders(option.value, into);
    if (e.type === TYPE.tag) placeholders(e.children, into);
  }
  return into;
}

describe("message files", () => {
  it("are exactly the listed namespaces, in both languages", () => {
    for (const locale of LOCALES) {
      const files = fs.readdirSync(path.join(DIR, locale)).map((f) => f.replace(/\.json$/, ""));
      expect(files.sort(), locale).toEqual([...NAMESPACES].sort());
    }
  });

  it("have the same keys in English and Somali, none empty, with the same placeholders", async () => {
    const [en, so] = await Promise.all(LOCALES.map((l) => loadMessages(l)));
    const english = new Map(leaves(en));
    const somali = new Map(leaves(so));
    expect([...somali.keys()].filter((k) => !english.has(k)), "keys only in Somali").toEqual([]);
    expect([...english.keys()].filter((k) => !somali.has(k)), "keys missing in Somali").toEqual([]);
    for (const [key, text] of english) {
      const other = somali.get(key);
      expect(typeof text === "string" && text.trim() !== "", `en ${key} is text`).toBe(true);
      expect(typeof other === "string" && other.trim() !== "", `so ${key} is text`).toBe(true);
      const want = [...placeholders(parse(text as string))].sort();
      expect([...placeholders(parse(other as string))].sort(), `placeholders of ${key}`).toEqual(want);
    }
  });
});
