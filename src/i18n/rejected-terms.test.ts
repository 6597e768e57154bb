/**
 * Somali messages keep out the terms and spellings the glossary rejects. The glossary's
 * "Rejected terms" table (docs/glossary.md) is the one list: this test reads it, so a rejection
 * added there is enforced here, and the glossary's own Somali terms must pass it too.
 */
import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { loadMessages } from "./load-messages";
import { leaves } from "./message-leaves";

const GLOSSARY = fs.readFileSync(path.join(import.meta.dirname, "../../docs/glossary.md"), "utf8");

/** The lines of a "## heading" section of the glossary. */
function section(heading: string): string[] {
  const start = GLOSSARY.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/glossary.md has no "## ${heading}" section`);
  const rest = GLOSSARY.slice(start + heading.length + 5);
  const end = rest.indexOf("\n## ");
  return (end < 0 ? rest : rest.slice(0, end)).split("\n");
}

/** The body rows of the section's table, as trimmed cells. */
function tableRows(heading: string): string[][] {
  return section(heading)
    .filter((line) => line.startsWith("|"))
    .slice(2) // the header and the |---| line
    .map((line) => line.slice(1, -1).split("|").map((cell) => cell.trim()));
}

// Somali glues its articles, demonstratives and plural endings to the word ("fadhiga",
// "casuumadda", "ilowday"); a hyphen starts any ending of a loanword ("Webhooks-ka").
const ENDING = "(?:yada|kan|gan|dan|tan|han|day|do|ka|ga|da|ta|ha|gu|ku|du|tu|na|yo|a|u|o)?";

/** Matches a rejected word or phrase as whole words, with its endings, case aside. */
function rejectedPattern(form: string): RegExp {
  const words = form.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}_'-])${words.join("\\s+")}${ENDING}(?![\\p{L}\\p{N}_'])`, "iu");
}

const REJECTED = tableRows("Rejected terms").flatMap(([forms = "", instead = ""]) =>
  forms.split(",").map((form) => ({ form: form.trim(), instead, pattern: rejectedPattern(form.trim()) })),
);
const KEPT_NAMES = section("Names written as they are")
  .filter((line) => line.startsWith("- "))
  .map((line) => line.slice(2).trim());

/** The text a reader sees: literals of every branch and tag, not code (`<c>`, `<code>`) nor ICU syntax. */
function readableText(elements: MessageFormatElement[]): string {
  return elements
    .map((e) => {
      if (e.type === TYPE.literal) return e.value;
      if (e.type === TYPE.tag) return e.value === "c" || e.value === "code" ? " " : readableText(e.children);
      if (e.type === TYPE.plural || e.type === TYPE.select) return Object.values(e.options).map((o) => readableText(o.value)).join(" ");
      return " ";
    })
    .join("");
}

/** The rejected forms a text uses, each with the glossary term that replaces it. */
function rejectedIn(text: string): string[] {
  const checked = KEPT_NAMES.reduce((t, name) => t.split(name).join(" "), text);
  return REJECTED.filter((r) => r.pattern.test(checked)).map((r) => `"${r.form}" (use: ${r.instead})`);
}

describe("rejected Somali terms", () => {
  it("are read from the glossary", () => {
    expect(REJECTED.length).toBeGreaterThan(20);
    expect(REJECTED.every((r) => r.form !== "" && r.instead !== "")).toBe(true);
  });

  it("match whole words with their Somali endings, not unrelated words", () => {
    expect(rejectedIn("Xir fadhiga")).toHaveLength(1);
    expect(rejectedIn("Fadhiyada socda")).toHaveLength(1);
    expect(rejectedIn("Aqbal casuumadda")).toHaveLength(1);
    expect(rejectedIn("Webhooks-ka waa la soo rarayaa")).toHaveLength(1);
    expect(rejectedIn("Diiwaanka xisaab-celinta")).toHaveLength(1);
    expect(rejectedIn("Kursiga fadhiisinta; casuumaadda; webhook-yada; Standard Webhooks")).toEqual([]);
  });

  it("appear in no Somali message", async () => {
    const found = leaves(await loadMessages("so")).flatMap(([key, text]) =>
      rejectedIn(readableText(parse(String(text)))).map((hit) => `${key}: ${hit}`),
    );
    expect(found).toEqual([]);
  });

  it("appear neither in the glossary's Somali terms nor in what replaces them", () => {
    const terms = tableRows("Terms").map(([english = "", somali = ""]) => [english, somali] as const);
    const found = [
      ...terms.flatMap(([english, somali]) => rejectedIn(somali).map((hit) => `${english}: ${hit}`)),
      ...REJECTED.flatMap((r) => rejectedIn(r.instead).map((hit) => `${r.form} → ${hit}`)),
    ];
    expect(found).toEqual([]);
  });
});
