/**
 * A public operation of /api/v1, declared once: method, path, limit group, request and response
 * schemas, documentation and the error codes it can return. The route handler is built from it
 * (apiRoute), the OpenAPI path comes from it (openapi/paths.ts), and the handler's result is typed
 * by its response schema.
 */
import type { z } from "zod";
import type { Mode } from "@/generated/prisma/enums";
import type { ApiKeyScope } from "@/contracts/api-key-scopes";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { EndpointGroup } from "@/server/ratelimit/api-limit";
import type { DocumentedErrorCode } from "@/server/openapi/error-responses";
import type { responseHeaders } from "@/server/openapi/headers";

type Schema = z.ZodType;
export type BusinessPolicy = { mode: Mode; requireLiveConsent: boolean; answerPendingWith202: boolean };
type Examples = Record<string, { summary: string; value: unknown }>;

export type Operation<B extends Schema | undefined = Schema | undefined, Q extends Schema | undefined = Schema | undefined, R extends Schema = Schema> = {
  method: "get" | "post";
  path: string;
  group: EndpointGroup;
  body?: B;
  query?: Q;
  response: R;
  /** Rules of the caller's business that a valid body must also meet, checked with validation (400). */
  checkBody?: (body: B extends Schema ? z.output<B> : never, policy: BusinessPolicy) => void;
  /**
   * Idempotency-Key support: how a stored response is replayed (the handler does not run). The
   * record is shared by the business's keys, so the replay is narrowed to what the replaying key's
   * scope may see (product rules §6).
   */
  idempotent?: { replay: (stored: z.output<R>, scope: ApiKeyScope) => z.output<R> };
  /**
   * The handler's service checks a live key this process knows (and counts the request) in its
   * admission statement, instead of a statement of the key's own (src/server/access/key-check-sql.ts).
   * That statement also applies `checkBody`'s rule, by the business's current setting.
   */
  checksKeyInAdmission?: true;
  /** The one verification a success response is about (verify, retrieve, redact): its request-log entry links to it. */
  verificationOf?: (body: z.input<R> | z.output<R>) => string;
  /** The success status (default 200), replays included. */
  status?: 200 | 202;
  /**
   * The body is a file streamed to the handler (not JSON): its accepted content types. With
   * `idempotent`, the handler claims the key itself once it has the file's digest.
   */
  upload?: { contentTypes: readonly string[]; description: string };
  /** The success response is streamed lines in one of these types (chosen by Accept), each line of `response`. */
  produces?: readonly string[];
  docs: Pick<ZodOpenApiOperationObject, "operationId" | "tags" | "summary" | "description" | "requestParams"> & {
    requestExamples?: Examples;
    response: { description: string; headers: keyof typeof responseHeaders; example?: unknown; examples?: Examples };
    /** A 202 the operation may answer besides its success status (verify's `pending`). */
    accepted?: { description: string; headers: keyof typeof responseHeaders; example: unknown };
    errors: DocumentedErrorCode[];
    /** Narrows the documented examples of an error code to those that apply. */
    errorExamples?: Partial<Record<DocumentedErrorCode, string[]>>;
  };
};

export function defineOperation<B extends Schema | undefined, Q extends Schema | undefined, R extends Schema>(op: Operation<B, Q, R>): Operation<B, Q, R> {
  return op;
}
