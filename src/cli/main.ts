/**
 * The operator CLI: `npm run cli -- <command> [--flag value]`. JSON on stdout; a message on stderr
 * and a non-zero exit on error. Every command calls the same service as the portal and the API.
 *
 * Without DATABASE_URL it talks to the embedded PostgreSQL of `npm start` (which must be running)
 * with the secret kept in .data/.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { localSecret } from "../server/local-run/local-secrets";
import { isLocalDemo } from "../server/local-run/local-demo";
import { commands } from "./commands";
import { PASSWORD_FLAG_REFUSED, passesPasswordFlag } from "./read-password";

function usage(): string {
  return [
    "Usage: npm run cli -- <command> [flags]",
    "",
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(19)} ${c.usage}`),
  ].join("\n");
}

/** The database commands' settings: without DATABASE_URL, those of a running `npm start`. */
async function connect(): Promise<() => Promise<void>> {
  if (!process.env.DATABASE_URL) {
    process.env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_PG_PORT || 54329}/hubi`;
    // Judge webhook URLs as that app does: http:// and local receivers are fine for its local demo.
    if (process.env.WEBHOOK_ALLOW_INSECURE === undefined && isLocalDemo(process.env, process.env.HOST || "127.0.0.1")) {
      process.env.WEBHOOK_ALLOW_INSECURE = "true";
    }
  }
  process.env.HUBI_SECRET ||= localSecret(path.resolve(".data"));
  return (await import("@/server/db/client")).disconnect;
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? commands[name as keyof typeof commands] : undefined;
  if (!command) {
    process.stderr.write(`${name ? `Unknown command '${name}'.\n\n` : ""}${usage()}\n`);
    return 2;
  }
  // Refused before anything else, with the reason, rather than as an unknown flag.
  if (passesPasswordFlag(rest)) {
    process.stderr.write(`Error: ${PASSWORD_FLAG_REFUSED}\n`);
    return 2;
  }
  const { values, positionals } = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  const disconnect = command.database === false ? async () => {} : await connect();
  try {
    const interrupted = new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    const result = await command.run(values as Record<string, string | boolean | undefined>, positionals, {
      readFile: (f) => fs.readFileSync(f, "utf8"),
      // Long-running commands report as they go: one JSON object per line.
      print: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
      interrupted,
      env: process.env,
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return result && typeof result === "object" && "ok" in result && result.ok === false ? 1 : 0;
  } finally {
    await disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ZodError
        ? error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("\n")
        : error instanceof Error
          ? (error as { code?: string }).code === "ECONNREFUSED"
            ? "Cannot reach the database. Start the app with `npm start` first, or set DATABASE_URL."
            : error.message
          : String(error);
    process.stderr.write(`Error: ${message}\n`);
    process.exit(1);
  },
);
