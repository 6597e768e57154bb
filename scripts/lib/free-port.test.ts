import fs from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "./free-port";

describe("freePort", () => {
  it("hands out ports below the kernel's ephemeral range, which no outgoing connection can take before the server listens", async () => {
    const ephemeralStart = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeralStart);
    // Still free: a server listens on it.
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(ports[0], "127.0.0.1", resolve));
    server.close();
  });
});
