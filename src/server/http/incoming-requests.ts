/**
 * What this process does to every request its HTTP server receives, before Next.js sees it: the
 * one place that hooks Node's server (Next.js offers no such hook).
 */
import http from "node:http";
import { recordPeerAddress } from "./peer-address";
import { tagSlashRedirect } from "./slash-redirect";

let installed = false;

export function hookIncomingRequests(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      recordPeerAddress(req);
      tagSlashRedirect(req, res);
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
