/**
 * Next.js gives route handlers no access to the socket, and fills X-Forwarded-For with the peer's
 * address only when the client sent none, so a client could name any address it likes. Every
 * request this process's HTTP server receives therefore gets the peer's address in a header of
 * our own, overwriting whatever a client put there; clientAddress() decides what to believe.
 */
import type http from "node:http";
import { PEER_ADDRESS_HEADER } from "@/contracts/headers";

export function recordPeerAddress(req: http.IncomingMessage): void {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
}
