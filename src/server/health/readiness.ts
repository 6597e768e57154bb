/**
 * Readiness: may this process take traffic? Yes when the database answers, Redis answers (when
 * REDIS_URL is set: the rate limits live there) and every migration of this build is applied.
 * Liveness is a separate, dependency-free answer (/api/health/live): a database outage makes every
 * process unready, and none of them worth restarting.
 */
import fs from "node:fs";
import path from "node:path";
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { rateLimiter } from "@/server/ratelimit";

/** `unknown`: the migrations could not be compared (the database did not answer, or this build ships none). */
export type Check = "ok" | "unreachable" | "pending" | "unknown" | "not_configured";
export type Readiness = {
  status: "ready" | "unready";
  checks: { database: Check; redis: Check; migrations: Check };
  /** The checks that failed, by name: what an operator looks at first. */
  failing: string[];
};

/** Each check's bound: an orchestrator's probe must get an answer before its own timeout. */
const CHECK_TIMEOUT_MS = 2_000;

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

/** Once a folder's migrations were all seen applied they stay so: later probes skip the query. */
const seenApplied = new Set<string>();

export async function checkReadiness(options: { migrationsDir?: string } = {}): Promise<Readiness> {
  const [database, redis, migrations] = await Promise.all([
    check(() => pool().query("SELECT 1")),
    env().REDIS_URL ? check(() => rateLimiter().ping!()) : ("not_configured" as const),
    checkMigrations(options.migrationsDir ?? MIGRATIONS_DIR),
  ]);
  const checks = { database, redis, migrations };
  const failing = Object.entries(checks).flatMap(([name, state]) => (state === "ok" || state === "not_configured" ? [] : [name]));
  return { status: failing.length === 0 ? "ready" : "unready", checks, failing };
}

async function check(probe: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS)));
  try {
    await Promise.race([probe(), timeout]);
    return "ok";
  } catch {
    return "unreachable";
  } finally {
    clearTimeout(timer);
  }
}

/** `pending` when a migration shipped with this build is not recorded as applied. */
async function checkMigrations(dir: string): Promise<Check> {
  if (seenApplied.has(dir)) return "ok";
  let shipped: string[];
  let applied: Set<string>;
  try {
    shipped = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const { rows } = await pool().query<{ migration_name: string }>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    applied = new Set(rows.map((r) => r.migration_name));
  } catch {
    return "unknown";
  }
  if (shipped.length === 0) return "unknown";
  if (!shipped.every((name) => applied.has(name))) return "pending";
  seenApplied.add(dir);
  return "ok";
}
