/**
 * User-facing text comes from the message files (src/i18n/messages), never from a component:
 * JSX text, string literals shown as JSX children, and string values of the props people read
 * (placeholder, title, aria-label, label, ...). Areas not converted yet are listed, one path
 * prefix a line, in src/i18n/not-yet-translated.txt; that list only shrinks.
 */
import fs from "node:fs";
import path from "node:path";

const ALLOWLIST_FILE = "src/i18n/not-yet-translated.txt";
const PROPS = new Set(["placeholder", "title", "alt", "aria-label", "aria-description", "label", "hint", "description", "confirmLabel", "message", "heading"]);
// Names and symbols that read the same in every language.
const UNIVERSAL = new Set(["Hubi", "API", "URL", "UTC", "CSV", "JSON", "HTTP", "HTTPS", "SDK", "ms", "ID", "IP", "CIDR"]);

/**
 * Prose, as opposed to code, addresses, example values or product names: some word of two or
 * more letters (punctuation around it aside) that reads differently in another language.
 */
function isProse(text) {
  return text
    .split(/\s+/)
    .map((token) => token.replace(/^[("'“‘]+|[)"'”’,.;:!?…]+$/g, ""))
    .some((word) => /^[A-Za-z][A-Za-z']+$/.test(word) && !UNIVERSAL.has(word));
}

export function readAllowlist(cwd) {
  const file = path.join(cwd, ALLOWLIST_FILE);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean);
}

/** The JSX child or prop a string literal is shown as, through conditionals and `??`/`||`. */
function shownAs(node) {
  let current = node;
  while (current.parent && ["ConditionalExpression", "LogicalExpression"].includes(current.parent.type)) {
    if (current.parent.type === "ConditionalExpression" && current.parent.test === current) return null;
    current = current.parent;
  }
  const container = current.parent;
  if (container?.type !== "JSXExpressionContainer") return null;
  if (container.parent?.type === "JSXAttribute") return PROPS.has(container.parent.name.name) ? "prop" : null;
  return container.parent?.type === "JSXElement" || container.parent?.type === "JSXFragment" ? "child" : null;
}

export const noUntranslatedText = {
  meta: {
    type: "problem",
    schema: [],
    messages: { text: 'User-facing text "{{text}}" belongs in the message files (src/i18n/messages): use useTranslations/getTranslations.' },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join("/");
    if (readAllowlist(context.cwd).some((prefix) => file.startsWith(prefix))) return {};
    const report = (node, text) => isProse(text) && context.report({ node, messageId: "text", data: { text: text.trim().slice(0, 40) } });
    const quasis = (node) => node.quasis.map((q) => q.value.cooked).join(" ");
    return {
      JSXText: (node) => report(node, node.value),
      JSXAttribute(node) {
        if (PROPS.has(node.name.name) && node.value?.type === "Literal" && typeof node.value.value === "string") report(node.value, node.value.value);
      },
      Literal(node) {
        if (typeof node.value === "string" && shownAs(node)) report(node, node.value);
      },
      TemplateLiteral(node) {
        if (shownAs(node)) report(node, quasis(node));
      },
    };
  },
};
