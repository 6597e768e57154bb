/**
 * The app's database access: one pg pool per process, shared by the Prisma client (most queries)
 * and by hand-written SQL on the hot path, where one statement does what would otherwise be
 * several round trips.
 */
import "server-only";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/env";
import { describeError, log } from "@/server/observability/logger";

export type Db = PrismaClient;

type Handles = { pool: pg.Pool; prisma: PrismaClient };

const globalForDb = globalThis as unknown as { hubiDb?: Handles };

function connect(): Handles {
  const pool = new pg.Pool({
    connectionString: env().DATABASE_URL,
    max: env().DATABASE_POOL_SIZE,
    idleTimeoutMillis: 30_000,
    // A request that cannot get a connection fails fast (a 500 it can retry) instead of queueing
    // behind a stuck pool until the client gives up.
    connectionTimeoutMillis: env().DATABASE_CONNECT_TIMEOUT_MS,
    // A session whose process died (kill -9) while it waited on a lock would otherwise keep its own
    // locks, a batch chunk's claim among them, until that wait ends; this makes PostgreSQL notice
    // the closed connection within 5 s and roll the session back.
    options: "-c client_connection_check_interval=5000",
    // pg_stat_activity then says which process a session belongs to (a stuck query, a lock wait);
    // a name given in DATABASE_URL or PGAPPNAME wins.
    fallback_application_name: `hubi ${process.pid}`,
  });
  // Each connection's loss is heard and logged by the connection itself: the pool listens only
  // while a connection is idle, and one lost while checked out (a transaction between two
  // statements) would be an uncaught exception that ends the process. Its holder learns of it from
  // its next statement, which fails, and the pool then discards the connection.
  pool.on("connect", (client) => {
    // Once: a connection the server ends reports the server's reason, then the connection's end.
    client.once("error", (err) => log("error", "database connection failed", describeError(err)));
    client.on("error", () => {});
  });
  // Logged above; the pool's own event for an idle connection needs a listener all the same.
  pool.on("error", () => {});
  // A transaction waits for its connection as long as any query may (not Prisma's own 2 s): a busy
  // moment fails both alike, after DATABASE_CONNECT_TIMEOUT_MS.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: env().DATABASE_CONNECT_TIMEOUT_MS } });
  return { pool, prisma };
}

function handles(): Handles {
  globalForDb.hubiDb ??= connect();
  return globalForDb.hubiDb;
}

export const db = (): PrismaClient => handles().prisma;
export const pool = (): pg.Pool => handles().pool;

export async function disconnect(): Promise<void> {
  const h = globalForDb.hubiDb;
  if (!h) return;
  globalForDb.hubiDb = undefined;
  await h.prisma.$disconnect();
  await h.pool.end().catch(() => {});
}
