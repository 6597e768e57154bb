/**
 * The layers (docs/architecture.md), checked by `npm test`. Arrows point down only:
 *   i18n → contracts → server → (API routes, tRPC procedures) → trpc client, components → app
 * with the CLI and scripts at the edge. Type-only imports count too: a cycle of types is a cycle.
 */
const layer = (name, path, mayImport, comment) => ({
  name: `${name}-imports-only-below`,
  comment,
  severity: "error",
  from: { path },
  to: { path: "^src/", pathNot: mayImport },
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle makes two modules one: neither can change or load alone.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "product-imports-no-tooling",
      comment: "src/ is the product; scripts/, test/ and e2e/ use it, never the other way round.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(scripts|test|e2e)/" },
    },
    layer("i18n", "^src/i18n/", "^src/i18n/", "Texts and locales: the bottom layer, imported by everything that speaks."),
    layer("contracts", "^src/contracts/", "^src/(contracts|i18n)/", "The public contract (zod): shared by server, browser and client library."),
    layer(
      "server",
      "^src/server/",
      "^src/(server|contracts|i18n|generated|env\\.ts|server-only)",
      "Domain services and infrastructure: never the portal, the CLI or the browser side.",
    ),
    layer(
      "trpc-client",
      "^src/trpc/",
      "^src/(trpc|contracts|i18n|generated)/|^src/server/trpc/routers/_app\\.ts$",
      "The React side of tRPC: the router's type only, no server code.",
    ),
    layer(
      "components",
      "^src/components/",
      "^src/(components|trpc|contracts|i18n|generated)/|^src/server/trpc/routers/_app\\.ts$",
      "Portal views: they render and call tRPC; pages (src/app) use them, not the other way round.",
    ),
    layer("cli", "^src/cli/", "^src/(cli|server|contracts|i18n|generated|env\\.ts)", "The operator CLI calls services, like a route does."),
    {
      name: "nothing-imports-the-edges",
      comment: "Pages, route handlers and the CLI are entry points: nothing in src/ imports them.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(app|cli)/" },
      to: { path: "^src/(app|cli)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
