/** The environment shared by the test process and the app processes it starts. */
export const TEST_SECRET = "test-secret-for-hubi-test-runs-only-0123456789";
/** The bearer token the test apps' /metrics answers to. */
export const TEST_METRICS_TOKEN = "test-metrics-token-0123456789";

/** Live lookups of this ID fail (src/env.ts); test IDs (factories' uniqueNationalId) start with 9. */
export const FAILING_NATIONAL_ID = "80000000008";

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
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // Live tests load their own citizens through the CSV import (the mirror); the gateway's tests
    // start a simulator of their own and point an app or the adapter at it.
    REGISTRY_SOURCE: "mirror",
    // A live lookup of this ID fails after its admission (test/api/verify-refund.test.ts).
    REGISTRY_FAILING_NATIONAL_ID: FAILING_NATIONAL_ID,
    // The tests (and the browser tests' fixtures) stand where a proxy would: they set
    // X-Forwarded-For, so that each test's client has an address of its own.
    TRUSTED_PROXY_HOPS: "1",
  };
}
