/**
 * The admin console's front page: how the platform is doing. One statement (a few aggregate scans:
 * businesses, the last 14 days of verifications, 30 days of ledger, 7 days of deliveries).
 */
import { pool } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";

export const DASHBOARD_DAYS = 14;

export type PlatformDashboard = {
  businesses: { active: number; suspended: number; liveAccessPending: number };
  /** Every UTC day of the last 14, oldest first, zeros included. */
  verificationsByDay: { day: string; test: number; live: number }[];
  /** Live credits over the last 30 days. */
  credits: { granted: number; used: number };
  /** Finished deliveries of the last 7 days; `failureRate` is null when there were none. */
  webhooks: { succeeded: number; failed: number; failureRate: number | null };
};

type Row = {
  active: number;
  suspended: number;
  pending: number;
  days: { day: string; test: number; live: number }[];
  granted: number;
  used: number;
  succeeded: number;
  failed: number;
};

const SQL = `
WITH days AS (
  SELECT to_char(d, 'YYYY-MM-DD') AS day
    FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
), per_day AS (
  SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
         count(*) FILTER (WHERE mode = 'test')::int AS test, count(*) FILTER (WHERE mode = 'live')::int AS live
    FROM verification
   WHERE created_at >= ((now() AT TIME ZONE 'UTC')::date - ($1::int - 1)) AT TIME ZONE 'UTC'
   GROUP BY 1
), businesses AS (
  SELECT count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE status = 'suspended')::int AS suspended,
         count(*) FILTER (WHERE live_access = 'pending')::int AS pending
    FROM business
), credits AS (
  SELECT coalesce(sum(amount) FILTER (WHERE kind = 'grant'), 0)::int AS granted, coalesce(-sum(amount) FILTER (WHERE kind = 'usage'), 0)::int AS used
    FROM credit_ledger_entry WHERE created_at >= now() - interval '30 days'
), deliveries AS (
  SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM webhook_delivery WHERE created_at >= now() - interval '7 days'
)
SELECT businesses.*, credits.*, deliveries.*,
       (SELECT json_agg(json_build_object('day', days.day, 'test', coalesce(p.test, 0), 'live', coalesce(p.live, 0)) ORDER BY days.day)
          FROM days LEFT JOIN per_day p USING (day)) AS days
  FROM businesses, credits, deliveries`;

export async function getPlatformDashboard(ctx: ServiceContext): Promise<PlatformDashboard> {
  assertPlatformAdmin(ctx);
  const { rows } = await pool().query<Row>(SQL, [DASHBOARD_DAYS]);
  const r = rows[0]!;
  const finished = r.succeeded + r.failed;
  return {
    businesses: { active: r.active, suspended: r.suspended, liveAccessPending: r.pending },
    verificationsByDay: r.days,
    credits: { granted: r.granted, used: r.used },
    webhooks: { succeeded: r.succeeded, failed: r.failed, failureRate: finished ? r.failed / finished : null },
  };
}
