import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { noServerImportInClientModule, SERVER_IMPORT_MESSAGE } from "./eslint/no-server-import-in-client-module.mjs";
import { noUntranslatedText } from "./eslint/no-untranslated-text.mjs";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".next-*/**", "src/generated/**", "dist/**", "sdk/dist/**", "sdk/src/generated/**", "artifacts/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      // Tests read untyped JSON bodies; production code keeps the default.
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["test/**", "e2e/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright fixtures receive a `use` callback; it is not React's `use` hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Browser code and what it shares: server modules stay on the server (product code only
    // imports their types). `server-only` in the server entry modules fails the build too.
    files: ["src/components/**", "src/trpc/**", "src/contracts/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^@/(server(/|$)|env$)", allowTypeImports: true, message: SERVER_IMPORT_MESSAGE }] },
      ],
    },
  },
  {
    files: ["src/**/*.ts", "src/**/*.tsx"],
    plugins: { hubi: { rules: { "no-server-import-in-client-module": noServerImportInClientModule } } },
    rules: { "hubi/no-server-import-in-client-module": "error" },
  },
  {
    // Pages and components speak the reader's language: their text lives in src/i18n/messages.
    files: ["src/app/**/*.tsx", "src/components/**/*.tsx"],
    plugins: { i18n: { rules: { "no-untranslated-text": noUntranslatedText } } },
    rules: { "i18n/no-untranslated-text": "error" },
  },
];
export default config;
