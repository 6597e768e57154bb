/**
 * The Hubi client: one method per API operation, returning the contract's data in the shape the
 * specification names (`result`, `isCached`, `reference`), plus what the response headers say
 * (`requestId`, `rateLimit`, `replayed`). Every method takes per-call options.
 */
import { HttpClient } from "./http.js";
import { Batches } from "./batches.js";
import { newIdempotencyKey } from "./idempotency-key.js";
import { assertNationalId } from "./national-id.js";
import { resolveOptions, type HubiOptions, type RequestOptions } from "./options.js";
import type {
  GetEventResponse,
  GetEventResult,
  GetVerificationResponse,
  GetVerificationResult,
  RedactVerificationResponse,
  RedactVerificationResult,
  ListEventsParams,
  ListEventsResponse,
  ListEventsResult,
  ListVerificationsParams,
  ListVerificationsResponse,
  ListVerificationsResult,
  Verification,
  VerifyCitizenRequest,
  VerifyCitizenResponse,
  VerifyCitizenResult,
  WebhookEvent,
} from "./types.js";
import { signWebhook, verifyWebhook } from "./webhooks.js";
import { Completions, type WaitForVerificationOptions } from "./completion.js";

export type VerifyCitizenOptions = RequestOptions & {
  /**
   * 8–128 printable ASCII characters. Default: a new UUID per call, reused by its retries. An
   * error that ends the call carries it (`error.idempotencyKey`): pass it here to resume the call.
   */
  idempotencyKey?: string;
  /**
   * Default true: send `Prefer: respond-async`, so that a national registry slower than 2 seconds
   * answers 202 `pending` (`result: "pending"`) instead of keeping the call waiting; then
   * `waitForVerification(result.id)` gives the final result. False: wait for the final result (up
   * to 8 s on the server), or get a RegistryUnavailableError, retried under the same key.
   */
  respondAsync?: boolean;
};

const instant = (value: string | Date | undefined) => (value instanceof Date ? value.toISOString() : value);

export class Hubi {
  /** Standard Webhooks signatures: `verify` a delivery, or `sign` one for your receiver's tests. Needs no client. */
  static readonly webhooks = { verify: verifyWebhook, sign: signWebhook };

  readonly #http: HttpClient;
  /** Batches: verify a whole file of national IDs in the background. */
  readonly batches: Batches;
  /**
   * Pending verifications: pass every webhook event you receive to `completions.notify(event)`,
   * and `waitForVerification` resolves as soon as the one it waits for completes.
   */
  readonly completions: Completions;

  constructor(options: HubiOptions) {
    this.#http = new HttpClient(resolveOptions(options));
    this.batches = new Batches(this.#http);
    this.completions = new Completions((id, perCall) => this.getVerification(id, perCall), this.#http.docsBaseUrl);
  }

  /**
   * Waits for a `pending` verification (a 202 from `verifyCitizen`) to take its final result:
   * polls `getVerification` (free) with backoff within `deadlineMs`, sooner when its webhook event
   * reaches `completions.notify`. Resolves at once for a verification that is already final.
   */
  waitForVerification(id: string, options?: WaitForVerificationOptions): Promise<GetVerificationResult> {
    return this.completions.wait(id, options);
  }

  /**
   * Verifies a citizen by national ID. Every outcome (`verified`, `not_found`, …, and `pending` when
   * the registry is slow) resolves; errors reject.
   */
  async verifyCitizen(request: VerifyCitizenRequest, options: VerifyCitizenOptions = {}): Promise<VerifyCitizenResult> {
    assertNationalId(request.nationalId);
    const { idempotencyKey, respondAsync = true, ...perCall } = options;
    const { body, ...meta } = await this.#http.request<VerifyCitizenResponse>(
      {
        method: "POST",
        path: "/verify/citizen",
        body: request,
        idempotencyKey: idempotencyKey ?? (await newIdempotencyKey()),
        prefer: respondAsync ? "respond-async" : undefined,
      },
      perCall,
    );
    return {
      ...body.data,
      message: body.message,
      creditDeducted: body.creditDeducted,
      isCached: body.cached,
      citizen: body.citizen ?? null,
      match: body.match ?? null,
      raw: body,
      ...meta,
    };
  }

  /** One page of the business's verifications in this key's mode, newest first. */
  async listVerifications(params: ListVerificationsParams = {}, options: RequestOptions = {}): Promise<ListVerificationsResult> {
    const { body, ...meta } = await this.#http.request<ListVerificationsResponse>(
      { method: "GET", path: "/verifications", query: { ...params, from: instant(params.from), to: instant(params.to) } },
      options,
    );
    return { data: body.data, pagination: body.pagination, ...meta };
  }

  /**
   * Every verification matching the filters, newest first, page after page by cursor: items
   * created while you iterate never make it repeat or skip one. Each page is one request, and in
   * live mode one credit.
   */
  async *listAllVerifications(
    params: Omit<ListVerificationsParams, "page" | "startingAfter" | "endingBefore"> = {},
    options: RequestOptions = {},
  ): AsyncGenerator<Verification, void, undefined> {
    let startingAfter: string | undefined;
    for (;;) {
      const { data, pagination } = await this.listVerifications({ ...params, startingAfter }, options);
      yield* data;
      if (!pagination.hasMore || data.length === 0) return;
      startingAfter = data[data.length - 1]!.id;
    }
  }

  async getVerification(id: string, options: RequestOptions = {}): Promise<GetVerificationResult> {
    const { body, ...meta } = await this.#http.request<GetVerificationResponse>(
      { method: "GET", path: `/verifications/${encodeURIComponent(id)}` },
      options,
    );
    return { ...body.data, citizen: body.citizen ?? null, ...meta };
  }

  /**
   * Redacts one verification at once: its purpose, consent reference and every trace of the
   * national ID are erased; the id, reference, result and dates stay. Idempotent and free; not for
   * read-only keys.
   */
  async redactVerification(id: string, options: RequestOptions = {}): Promise<RedactVerificationResult> {
    const { body, ...meta } = await this.#http.request<RedactVerificationResponse>(
      { method: "POST", path: `/verifications/${encodeURIComponent(id)}/redact` },
      options,
    );
    return { ...body.data, ...meta };
  }

  /** One page of the business's events (last 30 days) in this key's mode, newest first. Free. */
  async listEvents(params: ListEventsParams = {}, options: RequestOptions = {}): Promise<ListEventsResult> {
    const { body, ...meta } = await this.#http.request<ListEventsResponse>(
      { method: "GET", path: "/events", query: { ...params, from: instant(params.from), to: instant(params.to) } },
      options,
    );
    return { data: body.data, pagination: body.pagination, ...meta };
  }

  /** Every event matching the filters, newest first, by cursor: to catch up after your receiver was down. */
  async *listAllEvents(
    params: Omit<ListEventsParams, "startingAfter" | "endingBefore"> = {},
    options: RequestOptions = {},
  ): AsyncGenerator<WebhookEvent, void, undefined> {
    let startingAfter: string | undefined;
    for (;;) {
      const { data, pagination } = await this.listEvents({ ...params, startingAfter }, options);
      yield* data;
      if (!pagination.hasMore || data.length === 0) return;
      startingAfter = data[data.length - 1]!.id;
    }
  }

  async getEvent(id: string, options: RequestOptions = {}): Promise<GetEventResult> {
    const { body, ...meta } = await this.#http.request<GetEventResponse>({ method: "GET", path: `/events/${encodeURIComponent(id)}` }, options);
    return { ...body.data, ...meta };
  }
}
