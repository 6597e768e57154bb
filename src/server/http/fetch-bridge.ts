/**
 * Serves a Node.js request with a handler written for the web's fetch API (a Request in, a
 * Response out), as /api/v1's route handlers are: the request body streams in as it arrives, a
 * download streams out as fast as the client reads it, the request's signal aborts when the
 * client hangs up (a long poll stops waiting, a download stops reading), and a client that
 * accepts gzip gets larger answers and downloads compressed.
 */
import type http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { newRequestId } from "@/server/crypto/identifiers";
import { describeError, log } from "@/server/observability/logger";
import { internalError } from "@/server/errors";
import { errorResponse } from "./respond";

export type FetchHandler = (request: Request) => Promise<Response>;

/** Smaller answers (a verification, an error) go as they are: compressing them would cost more time than it saves. */
const COMPRESS_FROM_BYTES = 1024;
const gzipped = promisify(zlib.gzip);

export async function serveWithFetchHandler(req: http.IncomingMessage, res: http.ServerResponse, handler: FetchHandler): Promise<void> {
  const hangUp = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) hangUp.abort();
  });
  try {
    await send(res, await answer(handler, requestOf(req, res, hangUp.signal)), acceptsGzip(req.headers["accept-encoding"]));
  } catch (error) {
    // Not even an error could be sent (a body that failed midway): the client sees the connection end.
    log("error", "response failed", describeError(error));
    res.destroy();
  }
}

async function answer(handler: FetchHandler, request: Request): Promise<Response> {
  try {
    return await handler(request);
  } catch (error) {
    // The API's handlers answer their own errors; this is the last line behind them.
    const requestId = newRequestId();
    log("error", "unexpected error", { requestId, ...describeError(error) });
    return errorResponse(internalError(), requestId, { "X-Request-Id": requestId });
  }
}

async function send(res: http.ServerResponse, response: Response, gzip: boolean): Promise<void> {
  const headers = headersOf(response);
  if (!response.body) {
    res.writeHead(response.status, headers);
    return void res.end();
  }
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  if (String(headers["content-type"]).startsWith("application/json")) {
    // An answer: whole, so its length is known; compressed only when that saves more than it costs.
    let body = Buffer.from(await response.arrayBuffer());
    if (gzip && body.length >= COMPRESS_FROM_BYTES) {
      body = await gzipped(body);
      headers["content-encoding"] = "gzip";
    }
    res.writeHead(response.status, { ...headers, "content-length": body.length });
    return void res.end(body);
  }
  // A download, sent as it is produced. A client that hangs up ends it early: nothing more to send.
  if (gzip) headers["content-encoding"] = "gzip";
  res.writeHead(response.status, headers);
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  await (gzip ? pipeline(body, zlib.createGzip(), res) : pipeline(body, res)).catch(() => {});
}

/** Whether the client takes gzip (`Accept-Encoding: gzip`, or `*`, without `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [coding, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * The request as a handler sees it. The headers are the parsed ones, which this process's own
 * hooks have already amended (src/server/http/incoming-requests.ts); the origin is fixed, because
 * a handler reads only the path and query, and a Host header is the client's to invent.
 */
function requestOf(req: http.IncomingMessage, res: http.ServerResponse, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const withBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://localhost${req.url}`, {
    method: req.method,
    headers,
    signal,
    ...(withBody ? { body: bodyOf(req, res), duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * The request body as a web stream, read only as the handler asks for it. Not Node's
 * `Readable.toWeb`: on Node 20 it throws outside any handler when a reader that stopped early (a
 * body over its limit) is followed by the rest of the data. Whatever the handler leaves unread (a
 * body refused by its length, a reader that stopped early) is read and dropped once the response
 * is sent, so the connection serves the client's next request.
 */
function bodyOf(req: http.IncomingMessage, res: http.ServerResponse): ReadableStream<Uint8Array> {
  let reading = false;
  let open = true;
  const stop = () => {
    open = false;
    req.resume();
  };
  res.once("finish", stop);
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!reading) {
          reading = true;
          req.on("data", (chunk: Buffer) => {
            if (!open) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.once("end", () => {
            if (open) controller.close();
            open = false;
          });
          // A client that hangs up mid-body: without this the reader would wait for data forever.
          req.once("close", () => {
            if (open) controller.error(new Error("The client closed the connection before the body ended"));
            open = false;
          });
        }
        req.resume();
      },
      cancel: stop,
    },
    // Nothing is read before the handler asks: a body it never reads is Node's to drop.
    { highWaterMark: 0 },
  );
}

function headersOf(response: Response): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}
