/**
 * The /api/v1 pipeline. A route is its operation's declaration (src/server/api/operations.ts) and
 * a handler that calls a service; every request travels the same steps in the order of product
 * rules §9:
 *
 *   request id → authenticate (401/403) → rate limit (429, counted in the same round trip) → validate (400)
 *   → handler: idempotency (replay or 409, on routes that declare it; claimed by the service, with
 *     the credit in the same statement) → credits (402) → work
 *   → response with request id and rate-limit headers
 *
 * An operation that `checksKeyInAdmission` (verify) takes a live key this process already knows
 * without a statement of its own: its service's admission checks and counts the key in the
 * statement it makes anyway (src/server/access/key-check-sql.ts), and a request that fails before
 * then is checked the usual way first, so its errors come in the same order.
 *
 * Then a log line and a metrics sample (route pattern, no bodies, keys or IDs) and a request-log
 * entry, all off the hot path.
 */
import type { z } from "zod";
import type { ApiKeyActor, ServiceContext } from "@/server/context";
import { AppError, badRequest, internalError } from "@/server/errors";
import { newRequestId } from "@/server/crypto/identifiers";
import { describeError, log } from "@/server/observability/logger";
import { observeRequest } from "@/server/observability/observe";
import { authenticate, type ApiAuth } from "./authenticate";
import { rateLimitHeaders } from "@/server/ratelimit/api-limit";
import type { KeyCheck } from "@/server/access/key-check-sql";
import { enforceRateLimit } from "./rate-limit";
import type { BusinessPolicy, Operation } from "@/server/api/operation";
import { readJsonObject } from "./read-body";
import { fieldErrors } from "./field-errors";
import { errorResponse, json, stream } from "./respond";
import { recordRequest } from "./request-log";
import { claimForRequest, idempotencyRequest, type IdempotencyClaim } from "./idempotency-step";
import type { IdempotencyRequest } from "@/server/verifications/idempotency";
import "@/contracts/validation-messages";
import { noQueryParamsSchema } from "@/contracts/query-fields";
import { loggableIdempotencyKey, loggablePath } from "./loggable-fields";
import { hashIdempotencyKey } from "@/server/crypto/secrets";

type Schema = z.ZodType;

export type HandlerInput<B extends Schema | undefined, Q extends Schema | undefined> = {
  ctx: ServiceContext & { actor: ApiKeyActor };
  /** The Idempotency-Key, on routes that declare `idempotent`: the handler's service claims and completes it. */
  idempotency: IdempotencyRequest | null;
  /** On an operation that `checksKeyInAdmission`: the key its service's admission must check, or null when it was checked on the way in. */
  keyCheck: HandlerKeyCheck | null;
  body: B extends Schema ? z.output<B> : undefined;
  query: Q extends Schema ? z.output<Q> : undefined;
  params: Record<string, string>;
  /** The caller's business rules (consent), for rows an `upload` operation validates itself. */
  policy: BusinessPolicy;
  /** The request itself, for an `upload` operation's streamed body and a `produces` operation's Accept. */
  request: Request;
  /** The Idempotency-Key step for an `upload` operation, given what stands for its body (the file's digest). */
  claimIdempotency: (body: unknown) => Promise<IdempotencyClaim>;
};

/**
 * What a handler answers: a body of its operation's response schema, or (a `produces` operation)
 * a stream of lines; `replayed` when an `upload` operation's key replayed an earlier response.
 */
export type HandlerResult<R extends Schema> =
  | { body: z.input<R>; replayed?: boolean; headers?: Record<string, string>; status?: 200 | 202 }
  | { stream: ReadableStream<Uint8Array>; contentType: string; headers?: Record<string, string> };

export type HandlerKeyCheck = Omit<KeyCheck, "prefersAsync">;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** The route handler of a declared operation (src/server/api/operations.ts). */
export function apiRoute<B extends Schema | undefined, Q extends Schema | undefined, R extends Schema>(
  def: Operation<B, Q, R>,
  handle: (input: HandlerInput<B, Q>) => Promise<HandlerResult<R>>,
) {
  const route = async (req: Request, routeCtx: RouteContext): Promise<Response> => {
    const started = performance.now();
    const requestId = newRequestId();
    const url = new URL(req.url);
    let actor: ApiKeyActor | undefined;
    let headers: Record<string, string> = { "X-Request-Id": requestId };
    let response: Response;
    /** The success response's body (after any replay's narrowing), for the request log. */
    let answered: z.input<R> | z.output<R> | undefined;
    try {
      const authenticated = authenticate(req, def.group, { checkLater: def.checksKeyInAdmission });
      // The body is read and validated while the key's statement runs; its errors still come after
      // the key's and the rate limit's (product rules §9).
      const bodyRead = readBody(def, req);
      bodyRead.catch(() => {});
      const prepare = async (auth: ApiAuth) => {
        actor = auth.actor;
        if (!auth.checkLater) headers = { ...headers, ...(await enforceRateLimit(auth, def.group)) };
        const { raw, body } = await bodyRead;
        const policy = { mode: auth.actor.mode, ...auth.policy };
        def.checkBody?.(body as never, policy);
        const query = validate(def.query ?? noQueryParamsSchema, singleValued(url.searchParams), "The query parameters are invalid");
        const idempotency = def.idempotent && !def.upload ? idempotencyRequest(req, auth.actor, raw) : null;
        return { auth, body, policy, query, idempotency };
      };
      // A key left for the admission to check is checked here after all when the request fails
      // before that: its errors, and the count, come first; a key refused names no one.
      const checkNow = () =>
        authenticate(req, def.group).then(prepare, (error) => {
          actor = undefined;
          throw error;
        });
      let auth = await authenticated;
      const prepared = await prepare(auth).catch((error) => (auth.checkLater ? checkNow() : Promise.reject(error)));
      ({ auth } = prepared);
      const { body, policy, query, idempotency } = prepared;
      const params = Object.fromEntries(
        Object.entries((await routeCtx?.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      );
      let keyChecked = !auth.checkLater;
      const keyCheck: HandlerKeyCheck | null = auth.checkLater
        ? {
            ...auth.checkLater,
            settle: (hit) => {
              keyChecked = true;
              if (hit) headers = { ...headers, ...rateLimitHeaders(hit) };
              else actor = undefined;
            },
          }
        : null;
      const result = await handle({
        ctx: { actor: auth.actor, requestId },
        idempotency,
        keyCheck,
        body: body as HandlerInput<B, Q>["body"],
        query: (def.query ? query : undefined) as HandlerInput<B, Q>["query"],
        params,
        policy,
        request: req,
        claimIdempotency: (raw) => claimForRequest(req, auth.actor, raw),
      }).catch(async (error) => {
        if (!keyChecked) await checkNow();
        throw error;
      });
      if ("stream" in result) {
        response = stream(result.stream, result.contentType, { ...headers, ...result.headers });
      } else {
        answered = result.replayed ? def.idempotent!.replay(result.body as z.output<R>, auth.actor.scope) : result.body;
        response = json(answered, result.status ?? def.status ?? 200, { ...headers, ...(result.replayed ? { "Idempotent-Replayed": "true" } : {}), ...result.headers });
      }
    } catch (error) {
      response = errorResponse(asAppError(error, requestId), requestId, headers);
    }
    const durationMs = performance.now() - started;
    const latencyMs = Math.round(durationMs);
    observeRequest({
      requestId,
      route: `/api/v1${def.path}`,
      method: req.method,
      status: response.status,
      durationMs,
      businessId: actor?.businessId,
      mode: actor?.mode,
      keyHint: actor?.apiKeyHint,
    });
    if (actor) {
      const idempotencyKey = req.headers.get("idempotency-key");
      recordRequest({
        businessId: actor.businessId,
        mode: actor.mode,
        method: req.method,
        path: loggablePath(url.pathname),
        status: response.status,
        latencyMs,
        apiKeyId: actor.apiKeyId,
        apiKeyHint: actor.apiKeyHint,
        requestId,
        idempotencyKey: loggableIdempotencyKey(idempotencyKey),
        idempotencyRecordKey: idempotencyKey === null ? null : hashIdempotencyKey(idempotencyKey),
        verificationId: answered !== undefined && def.verificationOf ? def.verificationOf(answered) : null,
        createdAt: new Date(),
      });
    }
    return response;
  };
  // The declaration travels with the handler, so a test can check each route serves its operation.
  return Object.assign(route, { operation: def });
}

/** The query as an object; a parameter given twice (`?page=1&page=2`) is ambiguous, so a 400. */
function singleValued(params: URLSearchParams): Record<string, string> {
  const names = [...params.keys()];
  const repeated = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
  if (repeated.length > 0) {
    throw badRequest(
      "The query parameters are invalid",
      repeated.map((name) => ({ field: name, message: `${name} must be given once` })),
    );
  }
  return Object.fromEntries(params);
}

function validate<S extends Schema>(schema: S, value: unknown, message: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(message, fieldErrors(result.error));
  return result.data;
}

function asAppError(error: unknown, requestId: string): AppError {
  if (error instanceof AppError) return error;
  log("error", "unexpected error", { requestId, ...describeError(error) });
  return internalError();
}

/** The JSON body as sent and as validated, for operations that take one (an `upload` reads its own). */
async function readBody<B extends Schema | undefined>(def: { body?: B; upload?: unknown }, req: Request) {
  const raw = def.body && !def.upload ? await readJsonObject(req) : undefined;
  return { raw, body: def.body ? validate(def.body, raw, "The request body is invalid") : undefined };
}

/** Handlers for the methods a route does not support: 405 with the standard error body. */
export function methodNotAllowed(allowed: string[]) {
  return async () => {
    const requestId = newRequestId();
    return errorResponse(
      new AppError("METHOD_NOT_ALLOWED", `Method not allowed. This endpoint supports ${allowed.join(", ")}.`),
      requestId,
      { "X-Request-Id": requestId, Allow: allowed.join(", ") },
    );
  };
}
