/**
 * Runs the registry gateway simulator on its own: `npx tsx registry-simulator/main.ts [--port 4010]`.
 * Levers at start: REGISTRY_SIMULATOR_LEVERS='{"latencyMs":200}' (JSON, see levers.ts); at run time:
 * `curl -X PATCH localhost:4010/__admin/levers -d '{"status":503}'`.
 */
import { startRegistrySimulator } from "./server";

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(process.env.REGISTRY_SIMULATOR_PORT || 4010);
const levers = process.env.REGISTRY_SIMULATOR_LEVERS ? JSON.parse(process.env.REGISTRY_SIMULATOR_LEVERS) : {};

const simulator = await startRegistrySimulator({ port, levers });
console.log(`Registry gateway simulator on ${simulator.url} (client ${simulator.levers.clientId})`);
const stop = () => void simulator.stop().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
