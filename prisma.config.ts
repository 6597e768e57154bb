/**
 * Prisma CLI configuration. Prisma 6.19 runs fully offline with the JavaScript engine and the
 * `pg` driver adapter (Prisma 7's CLI downloads a native engine at first use, which an offline
 * machine cannot). The adapter below exists only for the CLI (migrate, generate); the app's
 * runtime client lives in src/server/db/client.ts.
 */
import path from "node:path";
import { defineConfig } from "prisma/config";
import { migrationAdapterFactory } from "./src/server/db/migration-adapter";

// The schema's datasource names DATABASE_URL; commands that never connect (generate, validate)
// still need it to be set.
const databaseUrl = process.env.DATABASE_URL;
process.env.DATABASE_URL ??= "postgresql://localhost/unused";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    if (!databaseUrl) throw new Error("DATABASE_URL is not set: the Prisma CLI needs a database to work on.");
    return migrationAdapterFactory(databaseUrl);
  },
});
