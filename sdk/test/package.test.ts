/**
 * The package as npm users get it: `npm pack` (whose prepack builds dist), installed from the
 * tarball into a scratch ESM project and a scratch CommonJS project, each making a real call to
 * the test server; the same on a runtime without global Web Crypto (Node 18 without flags); the
 * declarations compiled by the oldest supported TypeScript (5.0); and the package linted by
 * publint and are-the-types-wrong.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestBusiness, type TestBusiness } from "../../test/support/factories";

const run = promisify(execFile);
const SDK = fileURLToPath(new URL("..", import.meta.url));
const ROOT = path.dirname(SDK);
const TSC_5_0 = path.join(ROOT, "tools/typescript-5.0/node_modules/typescript/bin/tsc");

let work: string;
let tarball: string;
/** The node_modules that `npm install <tarball>` made once, in a scratch project of its own. */
let installed: string;
let biz: TestBusiness;

/**
 * A scratch project with the packed package installed: a copy of what `npm install <tarball>`
 * installed (the package has no dependencies, so its node_modules is the same in every project;
 * one install instead of one per project).
 */
function project(name: string, type: "module" | "commonjs", files: Record<string, string>): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, type }));
  fs.cpSync(installed, path.join(dir, "node_modules"), { recursive: true });
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

/** Runs a consumer script against the test server; it prints one JSON line. */
async function call(dir: string, script: string) {
  const env = { ...process.env, HUBI_API_KEY: biz.testKey, HUBI_BASE_URL: inject("baseUrl") };
  const { stdout } = await run(process.execPath, [script], { cwd: dir, env });
  return JSON.parse(stdout.trim()) as { result: string; requestId: string; userAgent?: string; signed?: boolean };
}

const CALL = (load: string) => `${load}
const hubi = new Hubi({ apiKey: process.env.HUBI_API_KEY, environment: "test", baseUrl: process.env.HUBI_BASE_URL });
const main = async () => {
  const v = await hubi.verifyCitizen({ nationalId: "11111111111", purpose: "Packed package" });
  // A final verification: the completion helper answers it at once.
  const done = await hubi.waitForVerification(v.id);
  console.log(JSON.stringify({ result: done.result, requestId: v.requestId }));
};
main().catch((error) => { console.error(error); process.exit(1); });
`;

// Node 18 without flags has no global crypto: the library must fall back to node:crypto.
const WITHOUT_GLOBAL_CRYPTO = `delete globalThis.crypto;
if (globalThis.crypto) throw new Error("could not remove globalThis.crypto");
const { Hubi } = await import("@hubi/node");
const secret = "whsec_" + Buffer.from("a-32-byte-secret-for-hmac-sha256").toString("base64");
const payload = JSON.stringify({ id: "e1", type: "webhook_test", mode: "test", createdAt: new Date().toISOString(), data: { message: "hi" } });
const headers = await Hubi.webhooks.sign(payload, secret);
const event = await Hubi.webhooks.verify(payload, headers, secret);
const hubi = new Hubi({ apiKey: process.env.HUBI_API_KEY, environment: "test", baseUrl: process.env.HUBI_BASE_URL });
const v = await hubi.verifyCitizen({ nationalId: "11111111111" }); // generates its idempotency key with Web Crypto
console.log(JSON.stringify({ result: v.result, requestId: v.requestId, signed: event.id === "e1" }));
`;

// A library that requires the package and an app that imports it see one set of error classes.
const ONE_SET_OF_ERRORS = `import { createRequire } from "node:module";
const fromRequire = createRequire(import.meta.url)("@hubi/node");
const fromImport = await import("@hubi/node");
const hubi = new fromRequire.Hubi({ apiKey: process.env.HUBI_API_KEY, environment: "test", baseUrl: process.env.HUBI_BASE_URL });
const thrown = await hubi.getVerification("00000000-0000-4000-8000-000000000000").catch((error) => error);
const made = new fromImport.IdempotencyInFlightError({ message: "in flight" });
console.log(JSON.stringify({
  requiredIsImported: thrown instanceof fromImport.NotFoundError && thrown instanceof fromImport.HubiError,
  importedIsRequired: made instanceof fromRequire.IdempotencyInFlightError && made instanceof fromRequire.HubiError,
}));
`;

const TYPED = `import { Hubi, HubiError, type VerifyCitizenResult, type WebhookEvent } from "@hubi/node";
const hubi = new Hubi({ apiKey: "hubi_test_x", environment: "test", baseUrl: "http://localhost:3000" });
export async function check(): Promise<string> {
  const v: VerifyCitizenResult = await hubi.verifyCitizen({ nationalId: "11111111111", match: { fullName: "Amina Hassan Abdi" } }, { timeoutMs: 5000 });
  for await (const event of hubi.listAllEvents({ type: "credits_low" })) {
    const e: WebhookEvent = event;
    if (e.type === "credits_low") return String(e.data.balance);
  }
  try {
    await hubi.getVerification(v.id);
  } catch (error) {
    if (error instanceof HubiError) return error.code + error.docUrl;
  }
  return v.result + (v.rateLimit?.remaining ?? 0);
}
`;

const TSCONFIG = (moduleResolution: string) =>
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: "ES2022",
      module: moduleResolution === "Bundler" ? "ESNext" : moduleResolution,
      moduleResolution,
      lib: ["ES2022", "DOM"],
      types: [],
    },
  });

// Packing builds the library (two TypeScript compilations) and installs it offline; CI saw that
// take over 120 s while the browser suite loaded both cores beside it.
beforeAll(async () => {
  biz = await createTestBusiness();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-sdk-package-"));
  const { stdout } = await run("npm", ["pack", "--pack-destination", work, "--json"], { cwd: SDK });
  tarball = path.join(work, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
  const installer = path.join(work, "installer");
  fs.mkdirSync(installer);
  fs.writeFileSync(path.join(installer, "package.json"), JSON.stringify({ name: "installer", private: true }));
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], { cwd: installer });
  installed = path.join(installer, "node_modules");
}, 300_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

// Each test runs tools in processes of their own (node, a TypeScript compiler, publint, attw): half
// a minute each on a loaded 2-core machine, and over a minute for the two linters together.
describe("the packed @hubi/node", { timeout: 180_000 }, () => {
  it("ships its built code, declarations and README, and nothing else", async () => {
    const { stdout } = await run("tar", ["-tzf", tarball]);
    const files = stdout.trim().split("\n").map((f) => f.replace(/^package\//, ""));
    expect(files).toEqual(expect.arrayContaining(["package.json", "README.md", "dist/esm/index.js", "dist/esm/index.d.ts", "dist/cjs/index.js", "dist/cjs/index.d.ts", "dist/cjs/package.json"]));
    expect(files.filter((f) => !f.startsWith("dist/") && !["package.json", "README.md"].includes(f))).toEqual([]);
    const manifest = JSON.parse((await run("tar", ["-xzOf", tarball, "package/package.json"])).stdout) as { private?: boolean };
    expect(manifest.private).toBeUndefined();
  });

  it("works from an ES module project: a real call to the server", async () => {
    const dir = project("esm-consumer", "module", { "call.js": CALL(`import { Hubi } from "@hubi/node";`) });
    expect(await call(dir, "call.js")).toMatchObject({ result: "verified", requestId: expect.stringMatching(/^req_/) });
  });

  it("works from a CommonJS project: a real call to the server", async () => {
    const dir = project("cjs-consumer", "commonjs", { "call.js": CALL(`const { Hubi } = require("@hubi/node");`) });
    expect(await call(dir, "call.js")).toMatchObject({ result: "verified", requestId: expect.stringMatching(/^req_/) });
  });

  it("has one set of error classes: instanceof holds between required and imported copies", async () => {
    const dir = project("dual-errors", "module", { "call.js": ONE_SET_OF_ERRORS });
    expect(await call(dir, "call.js")).toEqual({ requiredIsImported: true, importedIsRequired: true });
  });

  it("works without a global Web Crypto (Node 18 without flags), signing, verifying and calling", async () => {
    const dir = project("no-global-crypto", "module", { "call.js": WITHOUT_GLOBAL_CRYPTO });
    expect(await call(dir, "call.js")).toEqual({ result: "verified", requestId: expect.stringMatching(/^req_/), signed: true });
  });

  it.each([
    ["ESM", "module", "Node16", "check.ts"],
    ["CommonJS", "commonjs", "Node16", "check.ts"],
    ["a bundler", "module", "Bundler", "check.ts"],
  ] as const)("type-checks in %s with TypeScript 5.0, the oldest supported", async (_, type, module, file) => {
    const dir = project(`types-${type}-${module}`, type, { [file]: TYPED, "tsconfig.json": TSCONFIG(module) });
    const compiled = await run(process.execPath, [TSC_5_0, "-p", "."], { cwd: dir }).catch((e: { stdout: string }) => e);
    expect(compiled.stdout).toBe("");
    const { stdout: version } = await run(process.execPath, [TSC_5_0, "-v"]);
    expect(version.trim()).toBe("Version 5.0.4");
  });

  it("passes publint and are-the-types-wrong", async () => {
    const dir = project("lint", "module", {});
    const installed = path.join(dir, "node_modules/@hubi/node");
    const publint = await run("npx", ["--no-install", "publint", "--strict", "--pack", "false", installed], { cwd: ROOT });
    expect(publint.stdout).toContain("All good");
    const attw = await run("npx", ["--no-install", "attw", tarball, "--format", "ascii"], { cwd: ROOT });
    expect(attw.stdout).toContain("No problems found");
  });
});
