import { webCrypto } from "./web-crypto.js";

/** One key per verify call, reused by every retry of that call: a retried verify is charged once. */
export const newIdempotencyKey = async (): Promise<string> => (await webCrypto()).randomUUID();
