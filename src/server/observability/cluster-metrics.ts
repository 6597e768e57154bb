/**
 * Several web processes on one port (`npm run web` with WEB_CONCURRENCY > 1, scripts/web.ts): a
 * scrape reaches whichever process the cluster hands the connection to, so that process asks the
 * cluster's primary, which sums every process's figures through prom-client's AggregatorRegistry.
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry } from "prom-client";

export const CLUSTER_METRICS_REQUEST = "hubi:cluster-metrics-request";
export const CLUSTER_METRICS_RESPONSE = "hubi:cluster-metrics-response";

export type ClusterMetricsResponse = { type: typeof CLUSTER_METRICS_RESPONSE; id: string; body?: string; error?: string };

/** In a cluster's web process: answer the primary's requests for this process's own figures. */
export function joinClusterMetrics(): void {
  // The constructor installs prom-client's listener for the primary's requests.
  if (cluster.isWorker) new AggregatorRegistry();
}

/** The sum of every web process's figures, or null when this process is not one of a cluster's. */
export function clusterMetrics(): Promise<string> | null {
  if (!cluster.isWorker || !process.send) return null;
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle({ type: CLUSTER_METRICS_RESPONSE, id, error: "the cluster's primary did not answer" }), 8_000);
    function settle(message: ClusterMetricsResponse) {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.body !== undefined) resolve(message.body);
      else reject(new Error(message.error));
    }
    function onMessage(message: unknown) {
      const m = message as ClusterMetricsResponse;
      if (m?.type === CLUSTER_METRICS_RESPONSE && m.id === id) settle(m);
    }
    process.on("message", onMessage);
    process.send!({ type: CLUSTER_METRICS_REQUEST, id });
  });
}
