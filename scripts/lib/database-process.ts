/**
 * `npm start`'s embedded PostgreSQL, in a process of its own and a process group of its own.
 *
 * Ctrl-C in a terminal signals the whole foreground process group. PostgreSQL started from
 * `npm start` itself would be in it, and a SIGINT makes it cut every session at once: the app,
 * draining at that moment, logged its connections failing and a batch chunk that was running
 * failed. Here only `npm start` and the app get the signal; `npm start` stops this process after
 * the app has exited. This process also stops the server when `npm start` ends without telling it
 * (kill -9): its IPC channel to it closes.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres } from "@/server/db/embedded";

export type DatabaseProcess = { url: string; stop: () => Promise<void> };

const SERVE = "--serve";

export function startDatabaseProcess(options: { dir: string; port: number }): Promise<DatabaseProcess> {
  const child = fork(fileURLToPath(import.meta.url), [SERVE, options.dir, String(options.port)], { detached: true, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("message", (message: { url: string }) =>
      resolve({
        url: message.url,
        stop: async () => {
          if (child.connected) child.disconnect();
          await exited;
        },
      }),
    );
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`The embedded PostgreSQL did not start (exit code ${code}); the reason is above.`)));
  });
}

async function serve(dir: string, port: number) {
  const db = await startEmbeddedPostgres({ dir, port });
  const stop = () => void db.stop().finally(() => process.exit(0));
  // `npm start` may have gone while the server started.
  if (!process.connected) return stop();
  process.once("disconnect", stop);
  process.send!({ url: db.url });
}

if (process.argv[2] === SERVE) {
  serve(process.argv[3]!, Number(process.argv[4])).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
