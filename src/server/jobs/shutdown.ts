/**
 * Work to finish before a web process exits (background loops, buffered request-log lines). The
 * hooks live on globalThis: the Next.js bundles that register them and the start script that runs
 * them (scripts/web.ts) load separate copies of this module.
 */
type Hook = () => Promise<void>;

const globalForShutdown = globalThis as unknown as { hubiShutdownHooks?: Hook[] };

export function onShutdown(hook: Hook): void {
  (globalForShutdown.hubiShutdownHooks ??= []).push(hook);
}

/** Runs every hook at once; a failing hook does not keep the others from finishing. */
export async function runShutdownHooks(): Promise<void> {
  await Promise.allSettled((globalForShutdown.hubiShutdownHooks ?? []).map((hook) => hook()));
}
