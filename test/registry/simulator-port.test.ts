/**
 * `npm start` runs the gateway simulator on port 4010 unless told otherwise: when another program
 * holds that port, the start goes on with the simulator on a free port, where a port asked for by
 * name is an error the start reports, not a crash.
 */
import net from "node:net";
import { afterAll, expect, it } from "vitest";
import { startRegistrySimulator } from "../../registry-simulator/server";

const holder = net.createServer();
await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
const taken = (holder.address() as net.AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

it("starts on a free port when its default port is taken", async () => {
  const sim = await startRegistrySimulator({ port: taken, anyPortIfTaken: true });
  try {
    expect(new URL(sim.url).port).not.toBe(String(taken));
    const res = await fetch(`${sim.url}/oauth/token`, { method: "POST", body: "grant_type=client_credentials" });
    expect(res.status).toBe(401);
  } finally {
    await sim.stop();
  }
});

it("refuses a port asked for by name that is taken, with the reason", async () => {
  await expect(startRegistrySimulator({ port: taken })).rejects.toMatchObject({ code: "EADDRINUSE" });
});
