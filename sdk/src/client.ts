/**
 * The Hubi client: one method per API operation, returning the contract's data in the shape the
 * specification names (`result`, `isCached`, `reference`), plus the request id.
 */
import { HttpClient } from "./http.js";
import { newIdempotencyKey } from "./idempotency-key.js";
import { assertNationalId } from "./national-id.js";
import { resolveOptions, type HubiOptions } from "./options.js";
import type {
  GetVerificationResponse,
  GetVerificationResult,
  ListVerificationsParams,
  ListVerificationsResponse,
  ListVerificationsResult,
  Verification,
  VerifyCitizenRequest,
  VerifyCitizenResponse,
  VerifyCitizenResult,
} from "./types.js";
import { verifyWebhook } from "./webhooks.js";

export type VerifyCitizenOptions = {
  /** 8–128 printable ASCII characters. Default: a new UUID per call, reused by its retries. */
  idempotencyKey?: string;
};

const instant = (value: string | Date | undefined) => (value instanceof Date ? value.toISOString() : value);

export class Hubi {
  /** Standard Webhooks signature verification; needs no client (and no API key). */
  static readonly webhooks = { verify: verifyWebhook };

  readonly #http: HttpClient;

  constructor(options: HubiOptions) {
    this.#http = new HttpClient(options.apiKey, resolveOptions(options));
  }

  /** Verifies a citizen by national ID. Every outcome (`verified`, `not_found`, …) resolves; errors reject. */
  async verifyCitizen(request: VerifyCitizenRequest, options: VerifyCitizenOptions = {}): Promise<VerifyCitizenResult> {
    assertNationalId(request.nationalId);
    const { body, requestId } = await this.#http.request<VerifyCitizenResponse>({
      method: "POST",
      path: "/verify/citizen",
      body: request,
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    });
    return {
      ...body.data,
      message: body.message,
      creditDeducted: body.creditDeducted,
      isCached: body.cached,
      citizen: body.citizen ?? null,
      match: body.match ?? null,
      requestId,
      raw: body,
    };
  }

  /** One page of the business's verifications in this key's mode, newest first. */
  async listVerifications(params: ListVerificationsParams = {}): Promise<ListVerificationsResult> {
    const { body, requestId } = await this.#http.request<ListVerificationsResponse>({
      method: "GET",
      path: "/verifications",
      query: { ...params, from: instant(params.from), to: instant(params.to) },
    });
    return { data: body.data, pagination: body.pagination, requestId };
  }

  /**
   * Every verification matching the filters, page after page (from `params.page`, default 1).
   * Each page is one request, and in live mode one credit.
   */
  async *listAllVerifications(params: ListVerificationsParams = {}): AsyncGenerator<Verification, void, undefined> {
    for (let page = params.page ?? 1; ; page++) {
      const { data, pagination } = await this.listVerifications({ ...params, page });
      yield* data;
      if (data.length === 0 || page * pagination.limit >= pagination.total) return;
    }
  }

  async getVerification(id: string): Promise<GetVerificationResult> {
    const { body, requestId } = await this.#http.request<GetVerificationResponse>({
      method: "GET",
      path: `/verifications/${encodeURIComponent(id)}`,
    });
    return { ...body.data, requestId };
  }
}
