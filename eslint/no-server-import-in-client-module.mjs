/**
 * A module marked "use client" ships to the browser: it must not import `@/server/*` (type-only
 * imports are erased and allowed). Complements the folder rule in eslint.config.mjs, which covers
 * the client folders whether or not a file carries the directive.
 */
export const SERVER_IMPORT_MESSAGE =
  "Client code must not import server modules: import the shared schema or constant from @/contracts.";

const isServerModule = (source) => source === "@/server" || source.startsWith("@/server/") || source === "@/env";

export const noServerImportInClientModule = {
  meta: { type: "problem", schema: [], messages: { server: SERVER_IMPORT_MESSAGE } },
  create(context) {
    const body = context.sourceCode.ast.body;
    const isClient = body.some(
      (node) => node.type === "ExpressionStatement" && node.directive === "use client",
    );
    if (!isClient) return {};
    const check = (node) => {
      if (node.importKind === "type" || node.exportKind === "type" || !node.source) return;
      if (isServerModule(node.source.value)) context.report({ node, messageId: "server" });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
