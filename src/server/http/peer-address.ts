/**
 * Next.js gives route handlers no access to the socket, and fills X-Forwarded-For with the peer's
 * address only when the client sent none, so a client could name any address it likes. Every
 * request this process's HTTP server receives therefore gets the peer's address in a header of
 * our own, overwriting whatever a client put there; clientAddress() decides what to believe.
 */
import http from "node:http";
import { PEER_ADDRESS_HEADER } from "@/contracts/headers";

let installed = false;

export function recordPeerAddresses(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
