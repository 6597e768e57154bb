/**
 * The README's TypeScript examples compile as written, each on its own (so none uses a name it
 * does not define), against the library's source and Node's types.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const SDK = fileURLToPath(new URL("..", import.meta.url));
const ROOT = path.dirname(SDK);

it("compiles every TypeScript example of the README on its own", async () => {
  const readme = fs.readFileSync(path.join(SDK, "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(8);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-readme-"));
  try {
    blocks.forEach((code, i) => fs.writeFileSync(path.join(dir, `example-${i + 1}.ts`), `${code}\nexport {};\n`));
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          lib: ["ES2022", "DOM"],
          types: ["node"],
          typeRoots: [path.join(ROOT, "node_modules/@types")],
          paths: { "@hubi/node": [path.join(SDK, "src/index.ts")] },
          skipLibCheck: true,
        },
        include: ["*.ts"],
      }),
    );
    const tsc = fileURLToPath(import.meta.resolve("typescript/bin/tsc"));
    const result = await promisify(execFile)(process.execPath, [tsc, "-p", dir]).catch((e: { stdout: string }) => e);
    expect(result.stdout).toBe("");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
