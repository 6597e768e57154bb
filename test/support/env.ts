/** The environment shared by the test process and the app processes it starts. */
export const TEST_SECRET = "test-secret-for-hubi-test-runs-only-0123456789";
/** The bearer token the test apps' /metrics answers to. */
export const TEST_METRICS_TOKEN = "test-metrics-token-0123456789";

/** Live lookups of this ID fail (src/env.ts); test IDs (factories' uniqueNationalId) start with 9. */
export const FAILING_NATIONAL_ID = "80000000008";

/**
 * A slow national registry (product rules §21) as the test app's live registry plays it, against a
 * plain request's budget of SYNC_BUDGET_MS: answers after 2.5 s (inside it; past the 1.5 s of a
 * `respond-async` request), after 5 s (past it), or never.
 */
export const SYNC_BUDGET_MS = 4000;
export const SLOW_IDS = { slow: "80000000016", hung: "80000000024", never: "80000000032" } as const;
/** A worker's lease on a pending lookup: a killed worker's lookup is taken over after it. */
export const PENDING_LEASE_SECONDS = 8;

/** The run's local SMTP server (scripts/lib/mail-catcher.ts), when it has one. */
export type MailEnv = { SMTP_URL: string; MAIL_CAPTURE_DIR: string };

export function appEnv(databaseUrl: string, mail?: MailEnv): Record<string, string> {
  return {
    ...mail,
    DATABASE_URL: databaseUrl,
    HUBI_SECRET: TEST_SECRET,
    WEBHOOK_ALLOW_INSECURE: "true",
    // Webhook tests run their own worker processes (test/support/worker-process.ts).
    WEBHOOK_WORKER_IN_APP: "false",
    // Batch tests too; small chunks make a few thousand rows many chunks.
    BATCH_WORKER_IN_APP: "false",
    BATCH_CHUNK_ROWS: "100",
    // A killed worker's chunk is taken over this soon (the durability tests kill workers).
    BATCH_CHUNK_LEASE_SECONDS: "5",
    LOG_LEVEL: "info",
    // A hundred requests at once on a machine running both suites: waiting for a pooled connection
    // may take longer than the production default (test/services/database-pool.test.ts covers it).
    DATABASE_CONNECT_TIMEOUT_MS: "30000",
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // Live tests load their own citizens through the CSV import (the mirror); the gateway's tests
    // start a simulator of their own and point an app or the adapter at it.
    REGISTRY_SOURCE: "mirror",
    // A live lookup of this ID fails after its admission (test/api/verify-refund.test.ts).
    REGISTRY_FAILING_NATIONAL_ID: FAILING_NATIONAL_ID,
    // A slow registry (test/api/slow-registry.test.ts); pending lookups run in the tests' own worker
    // processes, and a lookup that never answers gives up after 3 s instead of 15 minutes.
    REGISTRY_SLOW_NATIONAL_IDS: `${SLOW_IDS.slow}:2500,${SLOW_IDS.hung}:5000,${SLOW_IDS.never}:never`,
    VERIFY_SYNC_BUDGET_MS: String(SYNC_BUDGET_MS),
    PENDING_WORKER_IN_APP: "false",
    PENDING_LOOKUP_LEASE_SECONDS: String(PENDING_LEASE_SECONDS),
    PENDING_LOOKUP_RETRY_SCHEDULE: "1",
    PENDING_LOOKUP_GIVE_UP_SECONDS: "3",
    // The tests (and the browser tests' fixtures) stand where a proxy would: they set
    // X-Forwarded-For, so that each test's client has an address of its own.
    TRUSTED_PROXY_HOPS: "1",
  };
}
