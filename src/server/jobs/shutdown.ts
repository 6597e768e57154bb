/**
 * Work to finish before a process exits (background loops, buffered request-log lines), then what
 * records that work (`afterShutdown`: figures its last calls added). The hooks live on globalThis:
 * the Next.js bundles that register them and the start scripts that run them (scripts/web.ts,
 * scripts/worker.ts) load separate copies of this module.
 */
type Hook = () => Promise<void>;

const globalForShutdown = globalThis as unknown as { hubiShutdownHooks?: Hook[]; hubiAfterShutdownHooks?: Hook[] };

export function onShutdown(hook: Hook): void {
  (globalForShutdown.hubiShutdownHooks ??= []).push(hook);
}

/** A hook that runs once every `onShutdown` hook has settled. */
export function afterShutdown(hook: Hook): void {
  (globalForShutdown.hubiAfterShutdownHooks ??= []).push(hook);
}

/** Runs every hook at once, then every after-hook; a failing hook does not keep the others from finishing. */
export async function runShutdownHooks(): Promise<void> {
  await Promise.allSettled((globalForShutdown.hubiShutdownHooks ?? []).map((hook) => hook()));
  await Promise.allSettled((globalForShutdown.hubiAfterShutdownHooks ?? []).map((hook) => hook()));
}
