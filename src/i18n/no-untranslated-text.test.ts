/**
 * The lint rule that keeps English text out of components (eslint/no-untranslated-text.mjs),
 * run with the project's real ESLint configuration on sample components.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { readAllowlist } from "../../eslint/no-untranslated-text.mjs";

const eslint = new ESLint({ cwd: process.cwd() });

async function untranslated(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "i18n/no-untranslated-text").map((m) => m.message.match(/"(.*)"/)?.[1]);
}

// ESLint with the project's whole configuration (typed rules included) loads in seconds alone, and
// took half a minute beside the rest of the suite on a loaded 2-core machine.
describe("English text left in a component", { timeout: 120_000 }, () => {
  it("is found in JSX text, shown strings and the props people read", async () => {
    const code = `export function A({ ok }: { ok: boolean }) {
  return (
    <div title="Account settings">
      Create key
      <input placeholder="Search by reference" aria-label={ok ? "Copied" : "Copy"} />
      {ok && "Saved"}
      {\`Delete \${ok} keys\`}
    </div>
  );
}
`;
    expect(await untranslated("src/components/sample/sample.tsx", code)).toEqual(["Account settings", "Create key", "Search by reference", "Copied", "Copy", "Saved", "Delete   keys"]);
  });

  it("lets through names, codes, addresses, examples and translated text", async () => {
    const code = `import { useTranslations } from "next-intl";
export function A() {
  const t = useTranslations("keys");
  return (
    <div title={t("title")} className="text-sm">
      Hubi · API
      <input placeholder="https://example.so/webhooks" aria-label={t("search")} />
      <code>{"hubi_test_"}</code>
      {t("create")}
    </div>
  );
}
`;
    expect(await untranslated("src/app/sample/sample.tsx", code)).toEqual([]);
  });

  it("covers the whole of src/app and src/components except the areas listed as not yet translated", async () => {
    const english = `export const A = () => <p>Not translated yet</p>;\n`;
    const pending = readAllowlist(process.cwd());
    for (const prefix of pending) expect(await untranslated(prefix.endsWith("/") ? `${prefix}x-sample.tsx` : prefix, english)).toEqual([]);
    expect(await untranslated("src/app/some-new-area/page.tsx", english)).toEqual(["Not translated yet"]);
  });
});
