/**
 * A second process that looks citizens up through the registry gateway adapter, for the shared
 * quota's test: `node --import tsx test/support/gateway-caller.ts <count> <nationalId>` with the
 * gateway settings in its environment. Prints one JSON line: how many lookups verified.
 */
import { gatewayRegistry } from "@/server/registry/gateway/client";
import { disconnect } from "@/server/db/client";
import { flushFigures } from "@/server/registry/gateway/figures";

const [count, nationalId] = [Number(process.argv[2]), process.argv[3]!];
const results = await Promise.allSettled(Array.from({ length: count }, () => gatewayRegistry.lookup(nationalId, { signal: AbortSignal.timeout(30_000) })));
await flushFigures();
console.log(JSON.stringify({ verified: results.filter((r) => r.status === "fulfilled" && r.value.result === "verified").length }));
await disconnect();
process.exit(0);
