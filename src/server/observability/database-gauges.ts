/**
 * Gauges read at scrape time: the work queues' depth and age (from PostgreSQL) and this process's
 * database pool. Queue figures are the same whichever process answers, so a cluster's aggregate
 * takes their maximum instead of adding them up once per process.
 */
import { Gauge } from "prom-client";
import { pool } from "@/server/db/client";
import { UNFINISHED_CHUNKS_SQL } from "@/server/batches/unfinished-chunks-sql";

/**
 * Work that is due and waiting, per queue, and how long the oldest due item has waited.
 * A webhook retry scheduled for later is not waiting yet; a batch chunk waits from its upload; a
 * pending registry lookup waits from its request until the registry answers (or it gives up),
 * however many attempts it takes.
 */
const QUEUES_SQL = `
SELECT 'webhook_deliveries' AS queue, count(*)::int AS depth, extract(epoch FROM now() - min(next_attempt_at))::float8 AS age
  FROM webhook_delivery WHERE status = 'pending' AND next_attempt_at <= now()
UNION ALL
SELECT 'batch_chunks', count(*)::int, extract(epoch FROM now() - min(b.created_at))::float8
  FROM ${UNFINISHED_CHUNKS_SQL}
UNION ALL
SELECT 'pending_lookups', count(*)::int, extract(epoch FROM now() - min(created_at))::float8
  FROM pending_lookup WHERE state = 'waiting'
UNION ALL
SELECT 'emails', count(*)::int, extract(epoch FROM now() - min(next_attempt_at))::float8
  FROM email_message WHERE status = 'pending' AND next_attempt_at <= now()`;

type QueueRow = { queue: string; depth: number; age: number | null };

export function databaseGauges() {
  let reading: Promise<QueueRow[] | null> | undefined;
  // Both queue gauges are filled by one query per scrape.
  const readQueues = () => {
    reading ??= pool()
      .query<QueueRow>(QUEUES_SQL)
      .then((r) => r.rows)
      .catch(() => null)
      .finally(() => setImmediate(() => (reading = undefined)));
    return reading;
  };
  const queueGauge = (name: string, help: string, pick: (row: QueueRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      aggregator: "max",
      async collect() {
        const rows = await readQueues();
        this.reset();
        for (const row of rows ?? []) this.set({ queue: row.queue }, pick(row));
      },
    });
  const queueDepth = queueGauge("hubi_queue_depth", "Items due and waiting per queue (webhook_deliveries, batch_chunks, pending_lookups, emails)", (row) => row.depth);
  const queueAge = queueGauge(
    "hubi_queue_oldest_age_seconds",
    "How long the oldest due item of each queue has waited (0 when the queue is empty)",
    (row) => Math.max(0, row.age ?? 0),
  );
  const poolConnections = new Gauge({
    name: "hubi_db_pool_connections",
    help: "This process's database connections: total open, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    collect() {
      const p = pool();
      this.set({ state: "total" }, p.totalCount);
      this.set({ state: "idle" }, p.idleCount);
      this.set({ state: "waiting" }, p.waitingCount);
    },
  });
  return { queueDepth, queueAge, poolConnections };
}
