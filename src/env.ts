/**
 * The validated environment, read once. Everything configurable lives here; nothing else reads
 * process.env directly.
 */
import "server-only";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Master secret (≥ 32 chars). Subkeys for ID hashing, encryption at rest and sessions derive from it. */
  HUBI_SECRET: z.string().min(32, "HUBI_SECRET must be at least 32 characters"),
  /** Public base URL of the production API host, e.g. https://api.hubi.so. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Proxies of ours in front of the app that append to X-Forwarded-For (0: the TCP peer is the client). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** The portal's own URL (next-auth builds its redirects from it). */
  NEXTAUTH_URL: z.string().url().optional(),
  /** Public base URL of the sandbox host when it is distinct from production. */
  SANDBOX_BASE_URL: z.string().url().optional(),
  /** When set, rate-limit counters live in Redis instead of PostgreSQL. */
  REDIS_URL: z.string().url().optional(),
  /** Development and tests only: allow http:// and private addresses as webhook endpoints. */
  WEBHOOK_ALLOW_INSECURE: flag,
  /** Comma-separated retry delays in seconds, overriding the ~3-day production schedule (tests). */
  WEBHOOK_RETRY_SCHEDULE: z.string().optional(),
  /** How long a worker holds a delivery it is sending; longer than the 10 s delivery timeout. */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(11).max(3600).default(60),
  /** Deliveries in flight at once to one endpoint, across all workers: a slow receiver gets no more. */
  WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: z.coerce.number().int().min(1).max(100).default(2),
  /** Set to false to run webhook delivery only in `npm run worker` processes. */
  WEBHOOK_WORKER_IN_APP: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Set to false to process batches only in `npm run worker` processes. */
  BATCH_WORKER_IN_APP: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Batch chunks processed at once per process (each holds a database connection only while it writes). */
  BATCH_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Rows per batch chunk, the unit a worker does in one transaction: large enough to spread each
   * statement's cost thin, small enough that a chunk commits well within a second (tests lower it).
   * 500 measured fastest per row: each audit entry updates its chain's head row, and the cost of
   * updating one row again and again in one transaction grows with the count.
   */
  BATCH_CHUNK_ROWS: z.coerce.number().int().min(10).max(5000).default(500),
  /**
   * How long a batch chunk stays claimed by a worker that stopped renewing its lease (it died)
   * before another worker may take the chunk over; a living worker renews it every quarter of
   * this while its lookup waits on the registry.
   */
  BATCH_CHUNK_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** How businesses buy credits: shown on the portal's Credits page (an email address, a phone number). */
  CREDITS_CONTACT: z.string().trim().min(1).max(200).default("sales@hubi.so"),
  /** Admin grants of more credits than this ask for a second confirmation. */
  LARGE_CREDIT_GRANT: z.coerce.number().int().min(1).default(10_000),
  /** Outgoing mail: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465. Unset: emails wait in the queue. */
  SMTP_URL: z
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  /** The From of every email, e.g. `Hubi <no-reply@hubi.so>`. */
  MAIL_FROM: z.string().trim().min(3).max(200).default("Hubi <no-reply@hubi.so>"),
  /**
   * Development and tests only: the folder where the local SMTP server (`npm start`, the tests)
   * keeps what it receives. When set, the app shows those messages at /dev/mail; a real
   * deployment never sets it, and /dev/mail is then a 404.
   */
  MAIL_CAPTURE_DIR: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /**
   * Tests only: a live registry lookup that includes this national ID fails with an unexpected
   * error (not a registry refusal), so that the tests can show what such a failure costs
   * (nothing: the credit is refunded). A real deployment never sets it.
   */
  REGISTRY_FAILING_NATIONAL_ID: z.preprocess((v) => v || undefined, z.string().regex(/^[0-9]{11}$/).optional()),
  /** `gateway` (default): live lookups ask the registry gateway; `mirror`: they read the CSV-imported registry. */
  REGISTRY_SOURCE: z.enum(["gateway", "mirror"]).default("gateway"),
  /** The registry gateway's base URL (`npm start` runs the local simulator when it is unset; production requires it). */
  REGISTRY_URL: z.preprocess((v) => v || undefined, z.url().optional()),
  /** Client credentials issued by the authority, read at start: REGISTRY_CLIENT_SECRET_FILE rotates a secret without a restart. */
  REGISTRY_CLIENT_ID: z.string().default(""),
  REGISTRY_CLIENT_SECRET: z.string().default(""),
  /** A file holding the client secret, read at each token refresh: a rotated secret needs no restart. */
  REGISTRY_CLIENT_SECRET_FILE: z.preprocess((v) => v || undefined, z.string().optional()),
  /** The gateway quota agreed with the authority, requests per second, for the whole deployment. */
  REGISTRY_MAX_RPS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** The longest one gateway call may take when the caller gives no shorter budget. */
  REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** Circuit breaker: consecutive upstream faults that open it, and how long it stays open before one probe. */
  REGISTRY_BREAKER_FAULTS: z.coerce.number().int().min(1).max(1000).default(5),
  REGISTRY_BREAKER_OPEN_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  /**
   * Tests only: live lookups of these national IDs answer after a delay, `ID:ms` pairs separated by
   * commas (`never`: they never answer), so that the tests can show the two answers to a slow
   * registry. A real deployment never sets it.
   */
  REGISTRY_SLOW_NATIONAL_IDS: z.preprocess(
    (v) => v || undefined,
    z.string().regex(/^[0-9]{11}:([0-9]+|never)(,[0-9]{11}:([0-9]+|never))*$/).optional(),
  ),
  /** How long a verify without `Prefer: respond-async` waits for the registry before a free 503 REGISTRY_UNAVAILABLE (product rules §26). */
  VERIFY_SYNC_BUDGET_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Lookups that go on in the background: `npm run worker` only (false), or in the web processes too. */
  PENDING_WORKER_IN_APP: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** How long a worker holds a pending lookup; each attempt gets three quarters of it, and a dead worker's lookup is taken over after it. */
  PENDING_LOOKUP_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(30),
  /** Delays in seconds between a pending lookup's attempts (the last one repeats). */
  PENDING_LOOKUP_RETRY_SCHEDULE: z
    .string()
    .regex(/^[0-9]+(,[0-9]+)*$/)
    .default("2,5,10,20,30,60")
    .transform((v) => v.split(",").map(Number)),
  /** After this long a pending lookup ends `unavailable`, its credit refunded (product rules §26: 15 minutes). */
  PENDING_LOOKUP_GIVE_UP_SECONDS: z.coerce.number().int().min(1).max(3600).default(900),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** `npm run worker` processes: the port their /metrics listens on (unset: none). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** `npm run web`: web processes on this machine, sharing one port through Node's cluster. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** `npm run web`: how long a SIGTERM waits for requests in flight before the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** The bearer token Prometheus scrapes /metrics with; unset, /metrics does not exist (404). */
  METRICS_TOKEN: z.preprocess((v) => v || undefined, z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  // Beside the other problems, not after them: an operator fixes the whole list in one go.
  // The simulator never answers for real citizens: `npm start` sets REGISTRY_URL to it only outside production.
  const { NODE_ENV, REGISTRY_SOURCE, REGISTRY_URL } = process.env;
  if (NODE_ENV === "production" && (REGISTRY_SOURCE || "gateway") === "gateway" && !REGISTRY_URL) {
    problems.push("  REGISTRY_URL: set it to the national registry gateway's URL (or REGISTRY_SOURCE=mirror)");
  }
  if (!parsed.success || problems.length) throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  cached = parsed.data;
  return cached;
}
