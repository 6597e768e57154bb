/** Next.js start-up hook: background work that runs beside each app process. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startMaintenance } = await import("@/server/maintenance");
  startMaintenance();
}
