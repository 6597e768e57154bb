import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort, quietRange } from "./free-port";

describe("freePort", () => {
  it("hands out ports below the kernel's ephemeral range, which no outgoing connection can take before the server listens", async () => {
    // This machine's range leaves room below it (CI runs on one like it).
    const range = quietRange()!;
    expect(range.to - range.from).toBeGreaterThanOrEqual(1_000);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(range.from);
      expect(port).toBeLessThan(range.to);
    }
    // Still free: a server listens on it.
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(ports[0], "127.0.0.1", resolve));
    server.close();
  });
});
