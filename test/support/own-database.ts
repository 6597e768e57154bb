/**
 * A test file on a database of its own (copied from the run's migrated template), for files whose
 * worker processes must take no other file's work and whose counts are of the whole database.
 * DATABASE_URL then names it, for this file's own queries and every process it starts.
 */
import path from "node:path";
import { expect, inject } from "vitest";
import { disconnect } from "@/server/db/client";
import { createScratchDatabase } from "./database";
import { OWN_PROCESS_FILES } from "../own-process-files";

/**
 * Stops a file that changes the environment while sharing its process with other files: the
 * settings it changes may already have been read (src/env.ts reads them once), so it would quietly
 * run on the shared ones.
 */
export function expectOwnProcess(change: string): void {
  const file = path.relative(process.cwd(), expect.getState().testPath ?? "");
  if (!OWN_PROCESS_FILES.includes(file)) throw new Error(`${file} ${change}: list it in test/own-process-files.ts to run it in a process of its own`);
}

export async function createOwnDatabase(name: string) {
  expectOwnProcess("uses a database of its own");
  const database = await createScratchDatabase(inject("databaseOwnerUrl"), `hubi_${name}_${process.pid}`);
  process.env.DATABASE_URL = database.url;
  return {
    url: database.url,
    ownerUrl: database.ownerUrl,
    /** Closes this process's connections to it, then drops it. */
    async release() {
      await disconnect();
      await database.drop();
    },
  };
}
