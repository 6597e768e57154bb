import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".next-*/**", "src/generated/**", "sdk/dist/**", "sdk/src/generated/**", "artifacts/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
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
];
export default config;
