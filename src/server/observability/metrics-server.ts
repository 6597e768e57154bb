/**
 * `/metrics` for processes that serve no HTTP otherwise (`npm run worker`): the same answer as the
 * web app's route, on METRICS_PORT, so that the jobs a worker does are scraped where they happen.
 */
import http from "node:http";
import { scrapeMetrics } from "./scrape";

export function serveMetrics(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || new URL(req.url ?? "/", "http://x").pathname !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    void scrapeMetrics(req.headers.authorization ?? null).then(
      (scrape) => res.writeHead(scrape.status, scrape.headers).end(scrape.body),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
