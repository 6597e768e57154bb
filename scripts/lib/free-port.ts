/**
 * A port free to listen on, for a server that starts a moment later (often in another process).
 * Chosen below the kernel's ephemeral range when there is room: a port from that range (what
 * `listen(0)` hands out) can meanwhile become the local port of any outgoing connection on the
 * machine, a database pool's or a browser's, and the server's listen then fails with EADDRINUSE.
 */
import fs from "node:fs";
import net from "node:net";

/**
 * The lowest port handed out here: above the well-known services' (PostgreSQL, Redis, the app's
 * defaults) and above 10080, the last port that fetch and browsers refuse to connect to.
 */
const LOWEST = 11_000;
/** Ports tried below the range before settling for one from it (a host that refuses them all). */
const TRIES = 50;

export async function freePort(): Promise<number> {
  const range = quietRange();
  for (let i = 0; range && i < TRIES; i++) {
    const port = await listenAndClose(range.from + Math.floor(Math.random() * (range.to - range.from))).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE" || error.code === "EACCES") return null;
      throw error;
    });
    if (port !== null) return port;
  }
  return listenAndClose(0);
}

/**
 * The ports below the kernel's ephemeral range (Linux) that freePort picks from, `to` excluded;
 * null where the range cannot be read or leaves fewer than 1,000 of them.
 */
export function quietRange(): { from: number; to: number } | null {
  let to: number;
  try {
    to = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  } catch {
    return null;
  }
  return Number.isInteger(to) && to - LOWEST >= 1_000 ? { from: LOWEST, to } : null;
}

function listenAndClose(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}
