/**
 * A port free to listen on, for a server that starts a moment later (often in another process).
 * Chosen below the kernel's ephemeral range when there is room: a port from that range (what
 * `listen(0)` hands out) can meanwhile become the local port of any outgoing connection on the
 * machine, a database pool's or a browser's, and the server's listen then fails with EADDRINUSE.
 */
import fs from "node:fs";
import net from "node:net";

/** The lowest port handed out here: well above the well-known services' (PostgreSQL, Redis, the app's defaults). */
const LOWEST = 10_000;

export async function freePort(): Promise<number> {
  const below = ephemeralStart();
  if (below - LOWEST < 1_000) return listenAndClose(0);
  for (;;) {
    const port = await listenAndClose(LOWEST + Math.floor(Math.random() * (below - LOWEST))).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE" || error.code === "EACCES") return null;
      throw error;
    });
    if (port !== null) return port;
  }
}

/** The first port of the kernel's ephemeral range (Linux); where it cannot be read, none is assumed free of it. */
function ephemeralStart(): number {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || LOWEST;
  } catch {
    return LOWEST;
  }
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
