/**
 * One set of error classes for both builds. Were the ESM and CommonJS builds each to define their
 * own, an error thrown by one (a dependency that `require`s the library) would fail `instanceof`
 * against the other's classes (an app that `import`s it). So after both builds, the ESM build's
 * errors module is replaced by a re-export of the CommonJS one, which every runtime that loads
 * the ESM build can import.
 */
import fs from "node:fs";
import { createRequire } from "node:module";

const dist = new URL("../dist/", import.meta.url);
const errors = createRequire(import.meta.url)(new URL("cjs/errors.js", dist).pathname);
const names = Object.keys(errors).filter((name) => name !== "__esModule");
fs.writeFileSync(
  new URL("esm/errors.js", dist),
  `// The CommonJS build's error classes, shared (see scripts/share-errors.js in the package's sources).\n` +
    `import errors from "../cjs/errors.js";\n` +
    `export const { ${names.join(", ")} } = errors;\n`,
);
