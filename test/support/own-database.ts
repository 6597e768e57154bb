/**
 * A test file on a database of its own (copied from the run's migrated template), for files whose
 * worker processes must take no other file's work and whose counts are of the whole database.
 * DATABASE_URL then names it, for this file's own queries and every process it starts.
 */
import { inject } from "vitest";
import { disconnect } from "@/server/db/client";
import { createScratchDatabase } from "./database";

export async function createOwnDatabase(name: string) {
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
