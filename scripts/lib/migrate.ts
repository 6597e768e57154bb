import { spawnSync } from "node:child_process";

/** Applies committed migrations with the Prisma CLI (offline JS engine, see prisma.config.ts). */
export function migrate(databaseUrl: string): void {
  const run = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (run.status !== 0) {
    throw new Error(`Database migration failed:\n${run.stdout}\n${run.stderr}`);
  }
}
