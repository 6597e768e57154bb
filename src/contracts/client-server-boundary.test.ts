/**
 * Browser code must not import server modules (keys, the database, secrets): the lint rules in
 * eslint.config.mjs enforce it. These cases run the project's real ESLint configuration.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function serverImportErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.message.includes("must not import server modules")).length;
}

const importDb = `import { db } from "@/server/db/client";\nexport const f = () => db;\n`;

describe("client code cannot import @/server", () => {
  it("rejects a server import in src/components, with or without the directive", async () => {
    expect(await serverImportErrors("src/components/history/widget.tsx", importDb)).toBe(1);
    expect(await serverImportErrors("src/trpc/widget.ts", `import { env } from "@/env";\nexport const e = env;\n`)).toBe(1);
  });

  it("rejects a server import in any 'use client' module", async () => {
    const code = `"use client";\n${importDb}`;
    expect(await serverImportErrors("src/app/(portal)/history/widget.tsx", code)).toBe(1);
  });

  it("allows type-only imports, and server imports in server components", async () => {
    const typeOnly = `import type { AppRouter } from "@/server/trpc/routers/_app";\nexport type R = AppRouter;\n`;
    expect(await serverImportErrors("src/components/history/widget.tsx", typeOnly)).toBe(0);
    expect(await serverImportErrors("src/app/(portal)/history/widget.tsx", `"use client";\n${typeOnly}`)).toBe(0);
    expect(await serverImportErrors("src/app/(portal)/history/page.tsx", importDb)).toBe(0);
  });
});
