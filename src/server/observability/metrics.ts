/**
 * The process's Prometheus metrics (prom-client), registered once on prom-client's global
 * registry: that is the registry prom-client's AggregatorRegistry asks each cluster worker for,
 * so one scrape can sum several web processes.
 *
 * Label values are closed sets only: route patterns, methods, status codes, modes, results and
 * outcomes. Never a business, a key, a national ID or a raw path: a label value is a new time
 * series, kept by Prometheus, and personal data there would be both leaked and unbounded.
 */
import { collectDefaultMetrics, Counter, Histogram, register } from "prom-client";
import type { Channel, Mode, VerificationResult } from "@/generated/prisma/enums";
import { databaseGauges } from "./database-gauges";
import { joinClusterMetrics } from "./cluster-metrics";

export type JobKind = "webhook_delivery" | "batch_chunk" | "pending_lookup" | "email" | "maintenance";

function createMetrics() {
  // Event-loop lag, heap, CPU, open handles…: nodejs_* and process_* metrics.
  collectDefaultMetrics({ register });
  joinClusterMetrics();
  return {
    httpDuration: new Histogram({
      name: "hubi_http_request_duration_seconds",
      help: "Requests to /api/v1 and the portal's tRPC procedures, by route pattern, method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    verifications: new Counter({
      name: "hubi_verifications_total",
      help: "Verifications recorded, by mode, channel and result",
      labelNames: ["mode", "channel", "result"] as const,
    }),
    creditsCharged: new Counter({
      name: "hubi_credits_charged_total",
      help: "Credits charged for live verifications, by channel",
      labelNames: ["channel"] as const,
    }),
    rateLimitRejections: new Counter({
      name: "hubi_rate_limit_rejections_total",
      help: "API requests refused by a business's rate limit (429), by endpoint group and mode",
      labelNames: ["group", "mode"] as const,
    }),
    jobDuration: new Histogram({
      name: "hubi_job_duration_seconds",
      // Its _count by outcome is, for webhook_delivery, the delivery outcomes.
      help: "Background jobs (webhook deliveries, batch chunks, emails, maintenance) by kind and outcome",
      labelNames: ["job", "outcome"] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    }),
    ...databaseGauges(),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const globalForMetrics = globalThis as unknown as { hubiMetrics?: Metrics };

/** The metrics, created on first use: once per process, however many bundles import this module. */
export function metrics(): Metrics {
  globalForMetrics.hubiMetrics ??= createMetrics();
  return globalForMetrics.hubiMetrics;
}

/** Verifications that committed (`count` of one result) and the credits they were charged. */
export function countVerifications(mode: Mode, channel: Channel, result: VerificationResult, count: number, charged: number): void {
  if (count > 0) metrics().verifications.inc({ mode, channel, result }, count);
  if (charged > 0) metrics().creditsCharged.inc({ channel }, charged);
}
