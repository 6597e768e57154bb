/**
 * What the web start (scripts/web.ts) sends its parent over an IPC channel once every web process
 * listens: a readiness signal that, unlike its "web ready" log line, no LOG_LEVEL hides.
 */
export const WEB_READY_MESSAGE = "hubi:web-ready";
