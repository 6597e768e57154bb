import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const sdk = fileURLToPath(new URL("..", import.meta.url));

// `npm run check` in sdk/: the library compiles against @types/node@18 and ES2022 only.
it("uses no API newer than Node 18 (type check against Node 18's definitions)", async () => {
  const tsc = fileURLToPath(import.meta.resolve("typescript/bin/tsc"));
  const { stdout } = await promisify(execFile)(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: sdk }).catch(
    (error: { stdout: string }) => ({ stdout: error.stdout }),
  );
  expect(stdout).toBe("");
}, 60_000);
