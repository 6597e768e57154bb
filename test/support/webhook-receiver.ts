/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests. Each request is recorded; `respond`
 * decides the answer, or returns "hold" to keep the request open (to catch a sender mid-request).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { path: string; headers: Record<string, string>; body: string };
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | "hold";

export type WebhookReceiver = {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  connections: () => number;
  respond: (fn: (req: ReceivedRequest) => Reply) => void;
  /** Answers every request held so far with `status`. */
  release: (status: number) => void;
  close: () => Promise<void>;
  /** Listens again on the same port after close(): the receiver "comes back up". */
  reopen: () => Promise<void>;
};

export async function startReceiver(port = 0): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  let connections = 0;
  let responder: (req: ReceivedRequest) => Reply = () => ({ status: 200, body: "ok" });
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const received = {
        path: req.url ?? "/",
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(received);
      const reply = responder(received);
      if (reply === "hold") return void held.add(res);
      res.writeHead(reply.status, reply.headers).end(reply.body ?? "");
    });
  });
  server.on("connection", () => connections++);
  const listen = (p: number) => new Promise<void>((resolve) => server.listen(p, "127.0.0.1", resolve));
  await listen(port);
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/hooks`,
    port: actualPort,
    requests,
    connections: () => connections,
    respond: (fn) => {
      responder = fn;
    },
    release: (status) => {
      for (const res of held) res.writeHead(status).end();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        held.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    reopen: () => listen(actualPort),
  };
}
