import { scrapeMetrics } from "@/server/observability/scrape";

export const dynamic = "force-dynamic";

/** Prometheus scrapes here, with METRICS_TOKEN as its bearer token. */
export async function GET(request: Request) {
  const scrape = await scrapeMetrics(request.headers.get("authorization"));
  return new Response(scrape.body, { status: scrape.status, headers: scrape.headers });
}
