/**
 * `npm run migrate` (and the container's `migrate` role): applies the migrations as the schema's
 * owner (MIGRATION_DATABASE_URL), then gives the app's role, the user DATABASE_URL names, exactly
 * the grants it needs (docs/operations.md, "Database roles"): run it before each new build serves.
 */
import { migrate } from "./lib/migrate";
import { ensureAppRole } from "./lib/app-role";

async function main() {
  const ownerUrl = process.env.MIGRATION_DATABASE_URL;
  const appUrl = process.env.DATABASE_URL;
  if (!ownerUrl || !appUrl) throw new Error("Set MIGRATION_DATABASE_URL (the schema's owner) and DATABASE_URL (the app's role).");
  migrate(ownerUrl);
  const app = new URL(appUrl);
  if (app.username !== new URL(ownerUrl).username) {
    await ensureAppRole(ownerUrl, decodeURIComponent(app.password), decodeURIComponent(app.username));
  }
  process.stdout.write("Migrations applied; the app role's grants are in place.\n");
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
